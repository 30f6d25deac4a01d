import { expect, expectNoAxeViolations, signIn, switchTheme, test } from './fixtures'
import { createPersonalHolder, editor, openStore, outboxLink, uniqueName } from './account-helpers'

// My machines: a holder of its own (so that no other spec's machines change), its license active on three machines.
const HOUR = 60 * 60 * 1000

function activeOnThree(licenseKey: string, prefix: string): string[] {
  const db = openStore()
  try {
    const { id } = db.prepare('select id from licenses where license_key = ?').get(licenseKey) as { id: string }
    const now = Date.now()
    const hosts = ['laptop', 'desktop', 'build'].map((name) => `${prefix}-${name}`)
    const insert = db.prepare(
      `insert into activations (id, license_id, hostname, status, requested_at, activation_time, last_seen)
       values (?, ?, ?, 'active', ?, ?, ?)`,
    )
    hosts.forEach((host, i) =>
      insert.run(`act-${host}`, id, host, now - (90 - i) * 24 * HOUR, now - (90 - i) * 24 * HOUR, now - i * HOUR),
    )
    return hosts
  } finally {
    db.close()
  }
}

test('a holder sees its machines, deactivates one after confirming, and a new machine takes the freed place', async ({
  page,
  js,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const name = uniqueName('machines', js)
  const email = `${name}@personal.test`
  const { licenseKey } = createPersonalHolder(email)
  const [laptop, desktop, build] = activeOnThree(licenseKey, name)
  await signIn(page, email)

  const open = page.getByRole('link', { name: /^Machines of Wallaby\.js, order \d+, key 1$/ })
  await open.click()
  const machines = page.getByRole('table', { name: /^Machines of Wallaby\.js \(order \d+, key 1\)$/ })
  await expect(page.getByRole('heading', { name: 'Machines' })).toBeVisible()
  await expect(machines.getByRole('rowheader')).toHaveText([laptop!, desktop!, build!])
  await expect(machines.getByRole('row', { name: new RegExp(`^${laptop}`) })).toContainText(/\d\d:\d\d [AP]M UTC/)
  await expect(page.getByText('3 deactivations of 3 left for this license.')).toBeVisible()
  await expect(page.getByText(/You can deactivate up to 3 machines of a license in 30 days/)).toBeVisible()
  await expectNoAxeViolations(page, 'Machines dialog')

  await page.getByRole('link', { name: `Deactivate the machine "${laptop}"` }).click()
  const confirm = page.getByRole(js ? 'alertdialog' : 'region', { name: 'Deactivate Machine' })
  await expect(confirm.getByText(`Deactivate the machine "${laptop}"?`)).toBeVisible()
  await expect(confirm.getByText('Afterwards 2 deactivations of 3 will be left')).toBeVisible()
  if (js)
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true)
  await expectNoAxeViolations(page, 'Deactivate Machine dialog')

  await confirm.getByRole('button', { name: 'Deactivate' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `on the machine "${laptop}"` })
      .first(),
  ).toContainText(/Deactivated Wallaby\.js \(order \d+, key 1\) on the machine/)
  await expect(machines.getByRole('rowheader')).toHaveText([desktop!, build!])
  await expect(page.getByText('2 deactivations of 3 left for this license.')).toBeVisible()
  await page.getByRole('link', { name: 'Close' }).click()
  // The portal starts dark: the dialog is scanned again in the light theme.
  await switchTheme(page, 'light')
  await open.click()
  await expect(machines.getByRole('rowheader')).toHaveText([desktop!, build!])
  await expectNoAxeViolations(page, 'Machines dialog, light theme')

  // The place is free: a fourth machine is confirmed without replacing one.
  const fresh = `${name}-new`
  const asked = await editor(['activate', '--key', licenseKey, '--host', fresh], baseURL!)
  expect(asked.code, asked.output).toBe(0)
  await page.goto(await outboxLink(page, email, new RegExp(`Confirm the activation of .+ on the machine "${fresh}"`)))
  await expect(page.getByRole('heading', { level: 1, name: 'License Activation Confirmed' })).toBeVisible()
})
