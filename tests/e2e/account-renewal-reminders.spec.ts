import { createPersonalHolder, dialog, openStore, openUserMenuItem, uniqueName } from './account-helpers'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'

const LABEL = 'Email me before renewals and expiries'

/** The account's choice as the service keeps it (1: reminders mailed, 0: not). */
function storedChoice(email: string): number {
  const db = openStore()
  try {
    const row = db.prepare('select renewal_reminders from accounts where email = ?').get(email) as {
      renewal_reminders: number
    }
    return row.renewal_reminders
  } finally {
    db.close()
  }
}

test('account settings: "Email me before renewals and expiries" is on by default, and Save turns it off and on again', async ({
  page,
  js,
}) => {
  // An account of its own: the choice is per account, and the other project runs this test at the same time.
  const email = `${uniqueName('reminders', js)}@personal.test`
  createPersonalHolder(email)
  await signIn(page, email)
  const settings = dialog(page, js, email)
  const reminders = settings.getByRole('checkbox', { name: LABEL })

  await test.step('the choice is on for a new account', async () => {
    await openUserMenuItem(page, email, 'Account Settings')
    await expect(page).toHaveURL(/\/manage\?dialog=account-settings$/)
    await expect(settings.getByRole('group', { name: 'Notifications' })).toBeVisible()
    await expect(reminders).toBeChecked()
    await expectNoAxeViolations(page, 'Account Settings dialog with the renewal reminders choice')
  })

  await test.step('clear it and Save: the dialog closes, and the service keeps the choice', async () => {
    await reminders.uncheck()
    await settings.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    await expect(settings).toBeHidden()
    expect(storedChoice(email)).toBe(0)
  })

  await test.step('the dialog shows it off; turn it on again', async () => {
    await page.goto('/manage?dialog=account-settings')
    await expect(reminders).not.toBeChecked()
    // The email-link policy is left as it was.
    await expect(settings.getByRole('radio', { name: 'Only when OAuth not linked' })).toBeChecked()
    await reminders.check()
    await settings.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    expect(storedChoice(email)).toBe(1)
    await page.goto('/manage?dialog=account-settings')
    await expect(reminders).toBeChecked()
  })
})
