// What a person sets while the page's script is still on its way is what the page holds once it arrives, and what a
// submit sends: the scripts are held back, every control changed, then the scripts let through. The styles the server
// wrote stay too.
import type { Locator, Page, Request } from '@playwright/test'
import crypto from 'node:crypto'
import { expect, signIn, switchTheme, test } from './fixtures'
import { addActiveCoupon } from './shop-helpers'

/** Holds every script of the build back until `release`; the server-rendered page works meanwhile, as without script. */
async function holdScripts(page: Page) {
  const held: Array<() => Promise<void>> = []
  let released = false
  const pattern = /\/build\/.*\.js(\?|$)/
  await page.route(pattern, async (route) => {
    if (released) await route.continue()
    else held.push(() => route.continue())
  })
  return {
    async release() {
      released = true
      await Promise.all(held.splice(0).map((go) => go()))
    },
  }
}

type Values = Record<string, string[]>

/** Every named control's state, by name: checked choices' values, a field's text, a select's chosen options. */
function readControls(root: Locator): Promise<Values> {
  return root.evaluate((element) => {
    const values: Record<string, string[]> = {}
    const add = (name: string, value: string) => (values[name] ??= []).push(value)
    for (const control of element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      'input[name], textarea[name], select[name]',
    )) {
      if (['hidden', 'submit', 'button', 'file'].includes(control.type)) continue
      // The bot trap is hidden from people; its timestamp is renewed whenever the page's data is read again.
      if (control.closest('[aria-hidden="true"]')) continue
      if (control instanceof HTMLSelectElement) {
        for (const option of control.selectedOptions) add(control.name, option.value)
      } else if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) {
        values[control.name] ??= []
        if (control.checked) add(control.name, control.value)
      } else add(control.name, control.value)
    }
    return values
  })
}

/** Changes every control in `root` as a person would: a box toggled, another choice, another option, new text. */
async function changeEveryControl(root: Locator, text: Record<string, string>) {
  const boxes = root.locator('input[type="checkbox"][name]:not(:disabled)')
  for (const box of await boxes.all()) await box.setChecked(!(await box.isChecked()))
  const radios = await root.locator('input[type="radio"][name]:not(:disabled)').all()
  const groups = new Map<string, Locator>()
  for (const radio of radios) if (!(await radio.isChecked())) groups.set((await radio.getAttribute('name'))!, radio)
  for (const radio of groups.values()) await radio.check()
  for (const select of await root.locator('select[name]:not(:disabled)').all()) {
    // Bulk Assign's product: another product is another form, whose boxes start afresh.
    if ((await select.getAttribute('name')) === 'group') continue
    const options = await select
      .locator('option')
      .evaluateAll((all) =>
        (all as HTMLOptionElement[]).filter((option) => !option.selected && !option.disabled).map((o) => o.value),
      )
    if (options.length > 0) await select.selectOption(options.at(-1)!)
  }
  for (const [name, value] of Object.entries(text)) await root.locator(`[name="${name}"]`).fill(value)
}

/** Opens `url` with the scripts held, changes every control, lets the scripts in: the modal holds what was set. */
async function setBeforeScript(page: Page, url: string, text: Record<string, string> = {}) {
  const scripts = await holdScripts(page)
  await page.goto(url, { waitUntil: 'commit' })
  const section = page.locator('section.route-dialog-static')
  await expect(section).toBeVisible()
  await changeEveryControl(section, text)
  const set = await readControls(section)
  await scripts.release()
  const modal = page.locator('dialog[open]')
  await expect(modal).toBeVisible()
  expect(await readControls(modal), url).toEqual(set)
  await page.unrouteAll({ behavior: 'wait' })
  return { modal, set }
}

const posted = (request: Request) => new URLSearchParams(request.postData() ?? '')

/** Hydration is over once React holds the element: it keeps its fiber on the node. */
async function untilReactHolds(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true)
}

/** Every value of `set` is the one of its name in what `request` posted. */
function expectPosted(request: Request, set: Values) {
  const body = posted(request)
  for (const [name, values] of Object.entries(set)) expect(body.getAll(name), name).toEqual(values)
}

test.describe('before the script arrives', { tag: '@once' }, () => {
  // Script on only (@once): with script off nothing arrives and the forms are the server's.
  test('every control of each /manage dialog keeps what was set, through hydration and the submit', async ({
    page,
  }) => {
    test.slow()
    await signIn(page, 'olivia@acme.test')

    await test.step('dialogs whose controls are read after hydration', async () => {
      const dialogs: Array<[string, Record<string, string>?]> = [
        ['/manage?dialog=activity&company=acme', { person: 'max@acme.test' }],
        ['/manage?dialog=bulk-renew&company=acme'],
        ['/manage?dialog=reclaim&company=acme'],
        ['/manage?dialog=domains&company=acme', { domain: 'hydration.example' }],
        [
          '/manage?dialog=company-sign-in&company=acme',
          { issuer: 'https://login.example', clientId: 'portal', clientSecret: 'kept secret' },
        ],
        ['subscription-quantity', { quantity: '7' }],
        ['subscription-offer'],
        ['subscription-assign', { emails: 'kept@acme.test' }],
      ]
      // A subscription's dialogs: the address of the first the page links to.
      const address = (name: string) =>
        name.startsWith('/') ? name : page.locator(`a[href*="dialog=${name}&"]`).first().getAttribute('href')
      for (const [name, text] of dialogs) {
        await page.goto('/manage')
        await setBeforeScript(page, (await address(name))!, text)
      }
    })

    await test.step('Bulk Assign: the list and an unticked "Send notification email" are what Update sends', async () => {
      const url = '/manage?dialog=bulk-assign&company=acme&group=quokka'
      await page.goto(url)
      const holders = await page.locator('dialog[open] textarea[name="emails"]').inputValue()
      // The same people, written another way: the update changes nobody's seat.
      const { modal, set } = await setBeforeScript(page, url, { emails: holders.split(/\s+/).join(', ') })
      expect(set.sendEmail).toEqual([])
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && posted(r).get('intent') === 'bulk-assign'),
        modal.getByRole('button', { name: 'Update' }).click(),
      ])
      expect(posted(request).get('sendEmail')).toBeNull()
      expect(posted(request).get('emails')).toBe(set.emails![0])
    })

    await test.step('Webhooks: the address and the events are what Add sends', async () => {
      const { modal, set } = await setBeforeScript(page, '/manage?dialog=webhooks&company=acme', {
        url: 'http://hooks.example/kept',
      })
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST'),
        modal.getByRole('button', { name: /^Add/ }).click(),
      ])
      expect(posted(request).getAll('events')).toEqual(set.events)
      expect(posted(request).get('url')).toBe('http://hooks.example/kept')
    })
  })

  test('Account Settings keeps an email-link choice and a cleared renewal reminder through hydration and Save', async ({
    page,
  }) => {
    await signIn(page, 'peter@initech.test')
    const { modal, set } = await setBeforeScript(page, '/manage?dialog=account-settings')
    expect(set).toEqual({ logonLink: ['always'], renewalReminders: [] })
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST'),
      modal.getByRole('button', { name: 'Save' }).click(),
    ])
    expect(posted(request).get('logonLink')).toBe('always')
    expect(posted(request).get('renewalReminders')).toBeNull()
    await expect(page.getByText(/^Saved the account settings of peter@initech\.test: /)).toBeVisible()
  })

  test('the account menu opened before the script arrived stays open when it does', async ({ page }) => {
    await signIn(page, 'pat@personal.test')
    const scripts = await holdScripts(page)
    await page.goto('/manage', { waitUntil: 'commit' })
    const toggle = page.locator('summary').filter({ hasText: 'Account menu for pat@personal.test' })
    await toggle.click()
    await expect(page.getByRole('link', { name: 'Account Settings' })).toBeVisible()
    await scripts.release()
    // The theme toggle's return address is the server's alone: gone once React has taken the page over.
    await expect(page.locator('input[name="redirectTo"]')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Account Settings' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('link', { name: 'Account Settings' })).toBeHidden()
  })

  test("the purchase form's choices and details are kept through hydration and Continue, and the price follows them", async ({
    page,
  }, testInfo) => {
    const scripts = await holdScripts(page)
    await page.goto('/shop/wallaby/buy/', { waitUntil: 'commit' })
    const form = page.locator('form.purchase-form')
    await expect(form).toBeVisible()
    await form.getByRole('radio', { name: 'Monthly' }).check()
    await form.getByRole('radio', { name: 'Organization' }).check()
    await form.getByRole('combobox', { name: 'Users' }).selectOption('7')
    await form.getByRole('combobox', { name: 'Country' }).selectOption('CA')
    await form.locator('[name="name"]').fill('Kept Before Script Ltd')
    await form.locator('[name="email"]').fill(`kept-${testInfo.project.name}-${Date.now()}@buyers.test`)
    await form.locator('[name="zip"]').fill('K1A 0B1')
    const set = await readControls(form)
    expect(set).toMatchObject({ billing: ['monthly'], type: ['company'], quantity: ['7'], country: ['CA'] })
    await scripts.release()
    // Rendered once the script holds the form: Continue then opens the payment frame in the page.
    await expect(form.locator('input[name="mode"]')).toHaveCount(1)

    // The price is the one of what the form shows: its address, each control's marker, the server's breakdown.
    await expect(page).toHaveURL(/[?&]quantity=7(&|$)/)
    const chosen = new URL(page.url())
    expect(Object.fromEntries(chosen.searchParams)).toEqual({
      billing: 'monthly',
      type: 'company',
      quantity: '7',
      country: 'CA',
    })
    for (const marked of ['[name="billing"][value="monthly"]', '[name="type"][value="company"]', 'option[value="7"]'])
      await expect(form.locator(marked)).toHaveAttribute('data-shown', '')
    await expect(form.locator('option[value="CA"]')).toHaveAttribute('data-shown', '')
    const served = await page.context().newPage()
    await served.goto(chosen.pathname + chosen.search)
    const price = (await served.locator('table.shop-breakdown').textContent())!
    await served.close()
    await expect(page.locator('table.shop-breakdown')).toHaveText(price)
    expect(await readControls(form)).toEqual(set)

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/shop/wallaby/buy/')),
      form.getByRole('button', { name: 'Continue' }).click(),
    ])
    expectPosted(request, set)
  })

  test('the coupon forms keep the code, name and email set before the script, through hydration and the submit', async ({
    page,
  }, testInfo) => {
    await test.step('the coupon code', async () => {
      const scripts = await holdScripts(page)
      await page.goto('/shop/console-ninja/redeem/', { waitUntil: 'commit' })
      const field = page.getByRole('textbox', { name: 'Coupon code' })
      await field.fill('KEPTCODE')
      await scripts.release()
      await untilReactHolds(field)
      await expect(field).toHaveValue('KEPTCODE')
      await page.unrouteAll({ behavior: 'wait' })
      await page.getByRole('button', { name: 'Check coupon' }).click()
      await expect(page).toHaveURL(/\/shop\/console-ninja\/redeem\/KEPTCODE$/)
    })

    await test.step('the name and email of the redemption', async () => {
      const code = `KEPT${crypto.randomBytes(5).toString('hex').toUpperCase()}`
      addActiveCoupon(code, 1)
      const email = `kept-${testInfo.project.name}-${Date.now()}@coupons.test`
      const scripts = await holdScripts(page)
      await page.goto(`/shop/console-ninja/redeem/${code}`, { waitUntil: 'commit' })
      const form = page.getByRole('form', { name: 'Redeem coupon' })
      await form.getByRole('textbox', { name: 'Name' }).fill('Kept Before Script')
      await form.getByRole('textbox', { name: 'Email' }).fill(email)
      const set = await readControls(form)
      await scripts.release()
      await untilReactHolds(form.getByRole('textbox', { name: 'Email' }))
      expect(await readControls(form)).toEqual(set)
      await page.unrouteAll({ behavior: 'wait' })
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST'),
        form.getByRole('button', { name: 'Continue' }).click(),
      ])
      expectPosted(request, set)
      await expect(page.getByText(email).first()).toBeVisible()
    })
  })
})

// Script on and off: with script, React hydrates a head whose first-paint styles only the server writes (record 0020).
test('the first-paint styles the server wrote stay through hydration, a theme switch and a client navigation', async ({
  page,
  js,
}) => {
  const scripts = await holdScripts(page)
  await page.goto('/', { waitUntil: 'commit' })
  const firstPaint = page.locator('head > style#first-paint')
  await expect(firstPaint).toHaveCount(1)
  // A mark on the element the server wrote: one React wrote anew would not carry it.
  await firstPaint.evaluate((node) => node.setAttribute('data-served', ''))
  const dark = await firstPaint.textContent()
  expect(dark?.length).toBeGreaterThan(10_000)
  await scripts.release()
  // The theme switch's return address is the server's alone: gone once the page has hydrated.
  if (js) await expect(page.locator('input[name="redirectTo"]')).toHaveCount(0)
  await expect(firstPaint).toHaveAttribute('data-served', '')
  expect(await firstPaint.textContent()).toBe(dark)
  await expect(page.locator('body > link[rel="stylesheet"]')).toHaveAttribute('href', /^\/styles\/portal-\w+\.css$/)

  const background = () => page.locator('.site-header').evaluate((node) => getComputedStyle(node).backgroundColor)
  const darkBackground = await background()
  await switchTheme(page, 'light')
  await expect(page.locator('html')).toHaveClass(/light/)
  await expect.poll(background).not.toBe(darkBackground)
  if (!js) {
    // Without script the switch is a post answered with the page again, painted from the light theme's part.
    expect(await firstPaint.textContent()).not.toBe(dark)
    return
  }
  await expect(firstPaint).toHaveAttribute('data-served', '')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help', exact: true }).click()
  await expect(page).toHaveURL(/\/help\/?$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible()
  await expect(firstPaint).toHaveAttribute('data-served', '')
  expect(await firstPaint.textContent()).toBe(dark)
})
