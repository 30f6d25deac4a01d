import { dialog, signInToManage, tabTo, uniqueEmail } from './company-helpers'
import { escapeRegExp, expect, expectNoAxeViolations, signIn, test } from './fixtures'

test.describe('company permissions', () => {
  test('olivia adds a Company Manager and removes them again', async ({ page, js }) => {
    // Three validation refusals, an add, a remove, an Undo and five axe scans: without script each is a page load.
    test.slow()
    const email = uniqueEmail('manager', js)
    await signInToManage(page, js, 'olivia@acme.test')
    await page.getByRole('link', { name: 'Permissions for Acme Corp' }).click()
    const permissions = dialog(page, js, 'Company Permissions')
    await expect(permissions.getByRole('columnheader', { name: 'Email' })).toBeVisible()
    await expect(permissions.getByRole('columnheader', { name: 'Role' })).toBeVisible()
    await expect(permissions.getByRole('row', { name: /olivia@acme\.test Company Administrator/ })).toBeVisible()
    await expect(permissions.getByRole('row', { name: /max@acme\.test Company Manager/ })).toBeVisible()
    await expectNoAxeViolations(page, 'Company Permissions dialog')

    await permissions.getByRole('link', { name: 'Add User' }).click()
    const add = dialog(page, js, 'Add Company Permission')
    await expect(add).toBeVisible()
    const role = add.getByRole('combobox', { name: 'Role' })
    // Company Manager unless chosen otherwise; a Company Administrator is offered no reseller role.
    await expect(role).toHaveValue('4')
    await expect(role.getByRole('option')).toHaveText(['Company Administrator', 'Company Manager'])
    await expect(add.getByText('Only assign licenses to and from users.')).toBeVisible()
    await expect(add.getByRole('checkbox', { name: 'Send notification to user' })).toBeChecked()
    await expectNoAxeViolations(page, 'Add Company Permission dialog')

    const field = add.getByRole('textbox', { name: 'Email' })
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(add.getByText('Email address must be provided.')).toBeVisible()
    await field.fill('max@acme.test')
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(add.getByText('A user already exists with this email address.')).toBeVisible()
    await field.fill('bad address')
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(add.getByText('Email address is not valid.')).toBeVisible()

    await field.fill(email)
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(add).toHaveCount(0)
    const row = permissions.getByRole('row', { name: new RegExp(`${escapeRegExp(email)} Company Manager`) })
    await expect(row).toBeVisible()
    // The change ends with a sentence, said in the dialog it returns to.
    const said = permissions.getByRole('status').filter({ has: page.locator('.status-message__panel') })
    await expect(said).toHaveText(
      new RegExp(
        `^Added ${escapeRegExp(email)} to Acme Corp as Company Manager\\. They were sent a notification email\\.`,
      ),
    )

    // Remove acts at once, says so, and offers Undo, which gives the role back (without another mail).
    await permissions.getByRole('button', { name: `Remove ${email}` }).click()
    await expect(said).toContainText(`Removed ${email} (Company Manager) from Acme Corp.`)
    await expect(permissions.getByRole('row', { name: /max@acme\.test/ })).toBeVisible()
    await expect(row).toHaveCount(0)
    await expectNoAxeViolations(page, 'Company Permissions dialog after Remove, with Undo')
    await said.getByRole('button', { name: 'Undo' }).click()
    await expect(said).toContainText(`Gave ${email} back the Company Manager role at Acme Corp.`)
    await expect(row).toBeVisible()
    await permissions.getByRole('button', { name: `Remove ${email}` }).click()
    await expect(row).toHaveCount(0)

    await page.goto('/dev/outbox')
    await expect(
      page.getByRole('article', { name: `Mail to ${email}: You are now Company Manager of the company "Acme Corp"` }),
    ).toHaveCount(1)
  })

  test('removing the last administrator is refused: "Cannot remove the last administrator"', async ({ page, js }) => {
    await signIn(page, 'olivia@acme.test')
    await page.goto('/manage?dialog=permissions&company=acme')
    const permissions = dialog(page, js, 'Company Permissions')
    await permissions.getByRole('button', { name: 'Remove olivia@acme.test' }).click()
    await expect(permissions.getByRole('alert')).toHaveText('Cannot remove the last administrator')
    await expect(permissions.getByRole('row', { name: /olivia@acme\.test Company Administrator/ })).toBeVisible()
    await expectNoAxeViolations(page, 'Company Permissions dialog with the refusal')
  })

  test('the permission dialogs are reachable and usable by keyboard alone', async ({ page, js }) => {
    // Many steps (and a few hundred key presses) through a page of a few dozen licenses.
    test.slow()
    const email = uniqueEmail('keys', js)
    await signIn(page, 'olivia@acme.test')
    await tabTo(page, page.getByRole('link', { name: 'Permissions for Acme Corp' }))
    await page.keyboard.press('Enter')
    const permissions = dialog(page, js, 'Company Permissions')
    await expect(permissions).toBeVisible()
    await tabTo(page, permissions.getByRole('link', { name: 'Add User' }))
    await page.keyboard.press('Enter')
    const add = dialog(page, js, 'Add Company Permission')
    await tabTo(page, add.getByRole('textbox', { name: 'Email' }))
    await page.keyboard.type(email)
    await page.keyboard.press('Tab')
    const role = add.getByRole('combobox', { name: 'Role' })
    await expect(role).toBeFocused()
    // Choose Company Administrator with the keyboard (the option above Company Manager).
    await page.keyboard.press('ArrowUp')
    if (js) await expect(add.getByText(/Assign, purchase, renew, add or remove Company Administrators/)).toBeVisible()
    await expect(role).toHaveValue('3')
    await tabTo(page, add.getByRole('checkbox', { name: 'Send notification to user' }))
    await page.keyboard.press('Space')
    await expect(add.getByRole('checkbox', { name: 'Send notification to user' })).not.toBeChecked()
    await tabTo(page, add.getByRole('button', { name: 'Save' }))
    await page.keyboard.press('Enter')
    await expect(
      permissions.getByRole('row', { name: new RegExp(`${escapeRegExp(email)} Company Administrator`) }),
    ).toBeVisible()

    await tabTo(page, permissions.getByRole('button', { name: `Remove ${email}` }))
    await page.keyboard.press('Enter')
    // Its row is gone (the sentence after the change still names the address).
    await expect(permissions.getByRole('row', { name: new RegExp(escapeRegExp(email)) })).toHaveCount(0)
    // The unticked box is remembered (spec §3 useSendEmailOnAddPermission), and no mail went out.
    await page.goto('/manage?dialog=add-permission&company=acme')
    await expect(
      dialog(page, js, 'Add Company Permission').getByRole('checkbox', { name: 'Send notification to user' }),
    ).not.toBeChecked()
    await page.goto('/dev/outbox')
    await expect(page.getByRole('article', { name: new RegExp(`^Mail to ${escapeRegExp(email)}:`) })).toHaveCount(0)
  })
})
