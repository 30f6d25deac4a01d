import { expect, test, expectNoAxeViolations, expectNoScript } from './fixtures'
import { activeHosts, createPersonalHolder, editor, outboxLink, uniqueName } from './account-helpers'

// The mail names the product by its display name.
const WALLABY = 'Wallaby.js'

test(
  'an activation asked for by the editor is confirmed through the emailed link',
  { tag: '@once' },
  async ({ page, js, baseURL }) => {
    test.setTimeout(90_000)
    // A holder of its own with one Wallaby.js license on no machine yet: each run starts from the same state.
    const email = `${uniqueName('activation', js)}@personal.test`
    const key = createPersonalHolder(email).licenseKey
    const host = uniqueName('editor', js)

    const asked = await editor(['activate', '--key', key, '--host', host], baseURL!)
    expect(asked.code, asked.output).toBe(0)
    expect(asked.output).toContain(`Activation of ${host} requested`)
    const before = await editor(['check', '--key', key, '--host', host], baseURL!)
    expect(before.code, before.output).toBe(1)

    const link = await outboxLink(page, email, `Confirm the activation of ${WALLABY} on the machine "${host}"`)
    expect(new URL(link).pathname).toMatch(/^\/activate\/[^/]+$/)

    const response = await page.goto(link)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'License Activation Confirmed' })).toBeVisible()
    await expect(page.getByText('your license activation has been confirmed; you may close your browser')).toBeVisible()
    await expectNoAxeViolations(page, 'License Activation Confirmed')
    expect(activeHosts(key)).toContain(host)

    const after = await editor(['check', '--key', key, '--host', host], baseURL!)
    expect(after.code, after.output).toBe(0)
    expect(after.output).toContain(`Valid on ${host}`)

    // Opening the link again (ALREADY_ACTIVATED) still reads as success.
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'License Activation Confirmed' })).toBeVisible()
  },
)

test('a forged, tampered or missing activation link shows the error page', { tag: '@once' }, async ({ page }) => {
  const forged = await page.goto('/activate/not-a-token.forged')
  expect(forged?.status()).toBe(400)
  await expect(page.getByRole('heading', { level: 1, name: 'Error Processing Activation Request' })).toBeVisible()
  await expect(page.getByText('Your activation link is not valid.')).toBeVisible()
  await expectNoScript(page)
  await expectNoAxeViolations(page, 'activation error')

  const missing = await page.goto('/activate/')
  expect(missing?.status()).toBe(400)
  await expect(page.getByRole('heading', { level: 1, name: 'Error Processing Activation Request' })).toBeVisible()
  await expect(page.getByText('Your activation link is not valid.')).toBeVisible()
})
