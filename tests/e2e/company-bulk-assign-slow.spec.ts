// Company Bulk Assign on a slow connection: the plan and the submission are for the product on screen and the text
// the user typed. With script, every answer of the page's data is held back for a while: nothing that arrives late
// may replace what was typed, or be applied to the product chosen before.
import { dialog, uniqueEmail } from './company-helpers'
import { expect, signIn, test } from './fixtures'
import { storeRows } from './manage-demo-store'

const DELAY_MS = 2_500

test('the product chosen and the addresses typed are what is assigned, however late the page’s data arrives', async ({
  page,
  js,
}) => {
  const newcomer = uniqueEmail('slow', js)
  await signIn(page, 'olivia@acme.test')
  await page.goto('/manage?dialog=bulk-assign&company=acme&group=quokka')
  const bulk = dialog(page, js, 'Bulk Assign')
  const product = bulk.getByRole('combobox', { name: 'Product' })
  const list = bulk.getByRole('textbox', { name: 'Email addresses (separated by newline, comma or semicolon)' })
  await expect(product).toHaveValue('quokka')

  // From here on, the page's data (a loader's answer) arrives late.
  let heldBack = 0
  const lateAnswers: Array<Promise<unknown>> = []
  await page.route(
    (url) => url.pathname === '/manage' && url.searchParams.has('_data'),
    async (route) => {
      heldBack++
      lateAnswers.push(route.request().response())
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS))
      await route.continue().catch(() => {})
    },
  )

  // Wallaby first, then at once Wallaby + Quokka (the bundle), whose current holders are the starting list.
  await product.selectOption('wallaby')
  if (!js) await bulk.getByRole('button', { name: 'Choose product' }).click()
  await expect(product).toHaveValue('wallaby')
  await product.selectOption('bundle')
  if (!js) await bulk.getByRole('button', { name: 'Choose product' }).click()
  await expect(product).toHaveValue('bundle')
  const holders = storeRows<{ email: string }>(
    `select distinct assigned_to as email from licenses where owner = 'acme' and product_group = 'bundle'
     and subscription_id is null and assigned_to != '' and expiration > ?`,
    Date.now(),
  ).map((r) => r.email)
  await expect(list).toHaveValue(new RegExp(holders[0]))
  const typed = `${await list.inputValue()}\n${newcomer}`
  await list.fill(typed)

  // Once every held-back answer has landed, and the page has had a frame to apply it: still the bundle, still the
  // text typed, and its plan.
  await Promise.all(lateAnswers)
  if (js) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
  await expect(product).toHaveValue('bundle')
  await expect(list).toHaveValue(typed)
  if (!js) await bulk.getByRole('button', { name: 'Preview' }).click()
  await expect(bulk.getByRole('status').filter({ hasText: /will be/ })).toHaveText('1 license will be assigned.')
  // With script, choosing a product asked the server nothing, so nothing could come back late for it.
  if (js) expect(heldBack).toBe(0)
  await bulk.getByRole('button', { name: 'Update' }).click()
  await expect(page).toHaveURL(/\/manage#company-[\w.-]+$/, { timeout: 15_000 })
  await expect(bulk).toHaveCount(0)

  // The newcomer holds one license, of the bundle; the bundle's holders kept theirs.
  const held = storeRows<{ group: string }>(
    'select product_group as "group" from licenses where owner = ? and assigned_to = ?',
    'acme',
    newcomer,
  )
  expect(held).toEqual([{ group: 'bundle' }])
  for (const holder of holders) {
    const kept = storeRows(
      'select id from licenses where owner = ? and product_group = ? and assigned_to = ?',
      'acme',
      'bundle',
      holder,
    )
    expect(kept.length, holder).toBeGreaterThan(0)
  }
})
