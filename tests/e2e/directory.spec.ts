import { dialog } from './company-helpers'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'

// Initech (Reseller Administrator rita@reseller.test) provisions its people over SCIM in the demo data: group
// Engineering is mapped to its Wallaby.js + Quokka.js seats, three people got the free ones and two wait.
test.describe('the company directory', () => {
  test('rita sees the SCIM address, the tokens, the mapped group and the queue; makes a token shown once and revokes it', async ({
    page,
    js,
  }) => {
    // Several dialogs, two forms and two SCIM requests in one flow.
    test.setTimeout(120_000)
    await signIn(page, 'rita@reseller.test')
    await page.getByRole('link', { name: 'Directory for Initech' }).click()
    const directory = dialog(page, js, 'Directory')
    // The dialog's code is a chunk of its own, loaded on the first dialog opened.
    await expect(directory.getByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(/\/scim\/v2\/$/, {
      timeout: 20_000,
    })
    await expect(directory.getByRole('row', { name: /^Okta/ })).toBeVisible()
    await expect(directory.getByRole('checkbox', { name: 'Wallaby.js + Quokka.js' })).toBeChecked()
    const queue = directory.getByRole('region', { name: 'Wallaby.js + Quokka.js' }).getByRole('listitem')
    await expect(queue).toHaveText([/^tom@initech\.test/, /^bob@initech\.test/])
    // The shop no longer sells the bundle: the people waiting get more seats through sales.
    await expect(directory.getByRole('link', { name: 'ask our sales team for more seats' })).toHaveAttribute(
      'href',
      /^mailto:sales@[^?]+\?subject=More%20seats%20of%20Wallaby\.js%20%2B%20Quokka\.js%20for%20Initech&/,
    )
    await expectNoAxeViolations(page, 'Directory dialog')

    await directory.getByRole('link', { name: 'Create SCIM token' }).click()
    const create = dialog(page, js, 'Create SCIM token')
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(create.getByText('Enter a name for the token.')).toBeVisible()
    const name = `Entra ${js ? 'js' : 'no-js'} ${Date.now().toString(36)}`
    await create.getByRole('textbox', { name: 'Name' }).fill(name)
    await expectNoAxeViolations(page, 'Create SCIM token dialog')
    await create.getByRole('button', { name: 'Create' }).click()

    const created = dialog(page, js, 'SCIM token created')
    const secret = await created.getByRole('textbox', { name: 'SCIM token' }).inputValue()
    expect(secret).toMatch(/^lp_scim_[0-9A-Za-z]{43}$/)
    if (js) await expect(created.getByRole('button', { name: 'Copy SCIM token' })).toBeVisible()
    await expectNoAxeViolations(page, 'SCIM token created dialog')
    const users = await page.request.get('/scim/v2/Users?count=1', { headers: { authorization: `Bearer ${secret}` } })
    expect(users.status()).toBe(200)
    expect(users.headers()['content-type']).toContain('application/scim+json')

    await created.getByRole('link', { name: 'Done' }).click()
    const again = dialog(page, js, 'Directory')
    await expect(again.getByRole('row', { name: new RegExp(name) })).toBeVisible()
    await again.getByRole('button', { name: `Revoke ${name}` }).click()
    await expect(dialog(page, js, 'Directory').getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
    // The change ends with a sentence, said in the dialog it returns to.
    await expect(dialog(page, js, 'Directory').getByRole('status').filter({ hasText: 'Revoked' })).toContainText(
      `Revoked the SCIM token "${name}": the identity provider can no longer use it.`,
    )
    const refused = await page.request.get('/scim/v2/Users', { headers: { authorization: `Bearer ${secret}` } })
    expect(refused.status()).toBe(401)
  })

  test('ownership is explained before it happens, and a group is mapped to a product and back', async ({
    page,
    js,
  }) => {
    test.setTimeout(120_000)
    await signIn(page, 'rita@reseller.test')
    await page.goto('/manage?dialog=directory&company=initech')
    const directory = dialog(page, js, 'Directory')
    await directory.getByRole('link', { name: 'Let the directory own Wallaby.js + Quokka.js' }).click()
    const own = dialog(page, js, 'Let the directory own Wallaby.js + Quokka.js')
    await expect(own.getByText('nobody can assign or unassign one by hand', { exact: false })).toBeVisible()
    await expect(own.getByRole('button', { name: 'Let the directory own Wallaby.js + Quokka.js' })).toBeVisible()
    await expectNoAxeViolations(page, 'Directory ownership dialog')
    await own.getByRole('link', { name: 'Cancel' }).click()

    const groups = dialog(page, js, 'Directory')
    const row = groups.getByRole('row', { name: /Engineering/ })
    await row.getByRole('checkbox', { name: 'Wallaby.js', exact: true }).check()
    await row.getByRole('button', { name: 'Save products for Engineering' }).click()
    const mapped = dialog(page, js, 'Directory')
    await expect(mapped.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
      'Saved the products for the group "Engineering": its members get',
    )
    await expect(
      mapped.getByRole('row', { name: /Engineering/ }).getByRole('checkbox', { name: 'Wallaby.js', exact: true }),
    ).toBeChecked()
    await expect(mapped.getByRole('region', { name: 'Wallaby.js', exact: true }).getByRole('listitem')).toHaveCount(6)
    await expectNoAxeViolations(page, 'Directory dialog with a second product')

    const back = mapped.getByRole('row', { name: /Engineering/ })
    await back.getByRole('checkbox', { name: 'Wallaby.js', exact: true }).uncheck()
    await back.getByRole('button', { name: 'Save products for Engineering' }).click()
    await expect(
      dialog(page, js, 'Directory')
        .getByRole('row', { name: /Engineering/ })
        .getByRole('checkbox', { name: 'Wallaby.js', exact: true }),
    ).not.toBeChecked()
  })
})
