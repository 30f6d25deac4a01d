import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tooManyForOneDialog } from '#app/routes/__manage/shared/license-reads.server'
import { MAX_LICENSES_READ, MAX_RENEWALS, limitMessage } from '#protocol/shared/limits'
import { seedBenchCompany } from '../../demo/seed'
import type { BulkAssignDialogData } from '#app/routes/__manage/company/bulk-assign.server'
import type { BulkRenewDialogData } from '#app/routes/__manage/renewals/renewals.server'
import { nothingSelected } from '#app/routes/__manage/renewals/renewals.server'
import { SEEN_HOLDERS_FIELD } from '#app/routes/__manage/company/seen-fields'
import { createTestService } from '../support/service'
import { formRequest, removeDataDir, settle } from './account-stub'
import { openDialog, recordingTransport, signedInCookie, type RecordedOperation } from './recording-transport'

// The bulk changes of a company (Bulk Assign, Bulk Renew, the seats import) read the company's licenses they touch —
// its table, the selected licenses, the licenses a plan names — and never the whole account, in the dialog and in its
// form alike.
const { action: manageAction } = await import('#app/routes/manage')

let service: Awaited<ReturnType<typeof createTestService>>
let cookie = ''

beforeAll(async () => {
  service = await createTestService()
  cookie = await signedInCookie(service, 'carl@globex.test')
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

const transport = () => recordingTransport(service)
const operations = (calls: RecordedOperation[]) => calls.map((c) => c.operation)
const open = (search: string, context = transport().context) =>
  openDialog(`http://portal.test/manage?${search}`, cookie, context)
const post = (search: string, body: URLSearchParams | FormData, context: AppLoadContext) =>
  settle(
    manageAction({
      request:
        body instanceof FormData
          ? new Request(`http://portal.test/manage?index&${search}`, {
              method: 'POST',
              body,
              headers: { Cookie: cookie },
            })
          : formRequest(`http://portal.test/manage?index&${search}`, [...body.entries()], cookie),
      params: {},
      context,
    }),
  )

/** A Globex license outside subscriptions, unexpired and assignable, made free for the test. */
async function freeGlobexLicense() {
  const row = await service.db
    .selectFrom('licenses')
    .select(['id', 'owner', 'order_id', 'key_number', 'product_group'])
    .where('owner', '=', 'globex')
    .where('subscription_id', 'is', null)
    .where('expiration', '>', Date.now())
    .where('is_multi_user', '=', 0)
    .orderBy('key_number', 'desc')
    .executeTakeFirstOrThrow()
  await service.db.updateTable('licenses').set({ assigned_to: '' }).where('id', '=', row.id).execute()
  return row
}
const holderOf = async (id: string) =>
  (await service.db.selectFrom('licenses').select('assigned_to').where('id', '=', id).executeTakeFirstOrThrow())
    .assigned_to

describe('Bulk Assign', () => {
  it("the dialog reads the company's table; Preview and Update read the chosen product's licenses only", async () => {
    const free = await freeGlobexLicense()
    const opened = transport()
    const dialog = await open(`dialog=bulk-assign&company=globex&group=${free.product_group}`, opened.context)
    expect(dialog.status).toBe(200)
    expect(opened.calls).toEqual([
      { operation: 'retrieveLicenses', payload: { table: 'globex', subscriptionId: null } },
    ])
    const data = dialog.data as BulkAssignDialogData
    expect(data.group).toBe(free.product_group)
    expect(data.licenses.some((l) => l.id === free.id)).toBe(true)

    const newcomer = 'bulk-reads@globex.test'
    const fields = (stage: string) =>
      new URLSearchParams([
        ['intent', 'bulk-assign'],
        ['company', 'globex'],
        ['group', free.product_group],
        ['emails', `${data.emails}\n${newcomer}`],
        [SEEN_HOLDERS_FIELD, data.emails],
        ['idempotencyKey', data.idempotencyKey],
        ['stage', stage],
      ])
    const read = {
      operation: 'retrieveLicenses',
      payload: { table: 'globex', subscriptionId: null, productGroup: free.product_group },
    }
    const preview = transport()
    const previewed = await post('dialog=bulk-assign&company=globex', fields('preview'), preview.context)
    expect(previewed.status).toBe(200)
    expect(await previewed.json()).toMatchObject({ intent: 'bulk-assign', summary: '1 license will be assigned.' })
    expect(preview.calls).toEqual([read])

    const apply = transport()
    const applied = await post('dialog=bulk-assign&company=globex', fields('apply'), apply.context)
    expect(applied.status).toBe(302)
    expect(apply.calls[0]).toEqual(read)
    expect(operations(apply.calls)).toEqual(['retrieveLicenses', 'changeAssignment'])
    expect(await holderOf(free.id)).toBe(newcomer)
  })

  it('Preview (script off) names everyone who would lose a license, not only how many', async () => {
    const data = (await open('dialog=bulk-assign&company=globex')).data as BulkAssignDialogData
    const [first, ...kept] = data.emails.split('\n')
    expect(first).toMatch(/@/)
    const previewed = await post(
      'dialog=bulk-assign&company=globex',
      new URLSearchParams([
        ['intent', 'bulk-assign'],
        ['company', 'globex'],
        ['group', String(data.group)],
        ['emails', kept.join('\n')],
        ['stage', 'preview'],
      ]),
      transport().context,
    )
    expect(previewed.status).toBe(200)
    expect(await previewed.json()).toMatchObject({ losing: [first] })
  })

  it('a company the user holds no role in is a 404, in the dialog and in the form', async () => {
    expect((await open('dialog=bulk-assign&company=acme')).status).toBe(404)
    const form = new URLSearchParams([
      ['intent', 'bulk-assign'],
      ['company', 'acme'],
      ['group', 'wallaby'],
      ['emails', 'x@acme.test'],
      ['stage', 'preview'],
    ])
    expect((await post('', form, transport().context)).status).toBe(404)
  })
})

describe('A company past the limit of one read', () => {
  it('Bulk Assign, Bulk Renew and the seats import say so instead of working on part of it', async () => {
    const { email, companyId } = await seedBenchCompany(service.db, MAX_LICENSES_READ + 1)
    const bench = await signedInCookie(service, email)
    for (const name of ['bulk-assign', 'bulk-renew']) {
      const { context, calls } = transport()
      const dialog = await openDialog(`http://portal.test/manage?dialog=${name}&company=${companyId}`, bench, context)
      expect(dialog, name).toEqual({ status: 400, message: tooManyForOneDialog })
      expect(calls.map((c) => c.operation)).toEqual(['retrieveLicenses'])
    }
    // The seats import's dialog opens (it reads no license); the plan of a file says so in the form.
    expect(
      (
        await openDialog(
          `http://portal.test/manage?dialog=import-seats&company=${companyId}`,
          bench,
          transport().context,
        )
      ).status,
    ).toBe(200)
    const upload = new FormData()
    upload.set('intent', 'import-seats')
    upload.set('stage', 'plan')
    upload.set('company', companyId)
    upload.set('file', new Blob(['product,email\nQuokka.js PRO,one@bench.test\n']), 'seats.csv')
    const planned = await settle(
      manageAction({
        request: new Request('http://portal.test/manage?index', {
          method: 'POST',
          body: upload,
          headers: { Cookie: bench },
        }),
        params: {},
        context: transport().context,
      }),
    )
    expect(planned.status).toBe(400)
    expect(await planned.json()).toEqual({ intent: 'import-seats', stage: 'refused', message: tooManyForOneDialog })
  })
})

describe('Bulk Renew', () => {
  it("the dialog reads the company's table; the renewal reads the selected licenses only", async () => {
    const opened = transport()
    const dialog = await open('dialog=bulk-renew&company=globex', opened.context)
    expect(dialog.status).toBe(200)
    expect(opened.calls).toEqual([
      { operation: 'retrieveLicenses', payload: { table: 'globex', subscriptionId: null } },
    ])
    const { rows } = dialog.data as BulkRenewDialogData
    expect(rows.length).toBeGreaterThan(1)
    const selected = rows.slice(0, 2).map((r) => r.ref)

    const { context, calls } = transport()
    const form = new URLSearchParams([
      ['intent', 'bulk-renew'],
      ['company', 'globex'],
      ...selected.map((ref) => ['license', ref]),
    ])
    const response = await post('dialog=bulk-renew&company=globex', form, context)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toMatch(/checkout.*theme=dark/)
    const refs = selected.map((ref) => JSON.parse(ref) as { id: string; owner: string })
    // The catalog says whose checkout it is: the sandbox's wears the portal's theme.
    expect(calls).toEqual([
      { operation: 'retrieveLicenses', payload: { table: 'globex', subscriptionId: null, ids: refs } },
      { operation: 'renewal', payload: { ids: refs } },
      { operation: 'catalog', payload: {} },
    ])
  })

  it('nothing selected and too many are refused with their messages before anything is read; another company is a 404', async () => {
    const refuse = async (refs: string[]) => {
      const { context, calls } = transport()
      const form = new URLSearchParams([
        ['intent', 'bulk-renew'],
        ['company', 'globex'],
        ...refs.map((ref) => ['license', ref]),
      ])
      const response = await post('dialog=bulk-renew&company=globex', form, context)
      return { status: response.status, body: (await response.json()) as unknown, calls }
    }
    expect(await refuse([])).toEqual({ status: 400, body: { intent: 'bulk-renew', error: nothingSelected }, calls: [] })
    const many = Array.from({ length: MAX_RENEWALS + 1 }, (_, i) => JSON.stringify({ id: `l${i}`, owner: 'globex' }))
    expect(await refuse(many)).toEqual({
      status: 400,
      body: { intent: 'bulk-renew', error: limitMessage(MAX_RENEWALS, 'renewed') },
      calls: [],
    })

    const acme = await service.db
      .selectFrom('licenses')
      .select(['id', 'owner'])
      .where('owner', '=', 'acme')
      .executeTakeFirstOrThrow()
    const foreign = new URLSearchParams([
      ['intent', 'bulk-renew'],
      ['company', 'acme'],
      ['license', JSON.stringify(acme)],
    ])
    const { context, calls } = transport()
    expect((await post('', foreign, context)).status).toBe(404)
    expect(operations(calls)).toEqual(['retrieveLicenses'])
    // An Acme license posted as Globex's is not the company's either.
    const mixed = new URLSearchParams([
      ['intent', 'bulk-renew'],
      ['company', 'globex'],
      ['license', JSON.stringify(acme)],
    ])
    expect((await post('', mixed, transport().context)).status).toBe(404)
    expect((await open('dialog=bulk-renew&company=acme')).status).toBe(404)
  })
})

describe('The seats import', () => {
  it("the dialog reads no license; the plan reads the company's licenses; applying it reads those it names", async () => {
    const free = await freeGlobexLicense()
    const opened = transport()
    const dialog = await open('dialog=import-seats&company=globex', opened.context)
    expect(dialog.status).toBe(200)
    expect(dialog.data).toMatchObject({ company: { id: 'globex', name: 'Globex' } })
    expect(opened.calls).toEqual([{ operation: 'retrieveLicenses', payload: { table: 'globex', ids: [] } }])

    const newcomer = 'seat-reads@globex.test'
    const upload = new FormData()
    upload.set('intent', 'import-seats')
    upload.set('stage', 'plan')
    upload.set('company', 'globex')
    upload.set('file', new Blob([`order,key,email\n${free.order_id},${free.key_number},${newcomer}\n`]), 'seats.csv')
    const planning = transport()
    const planned = await post('dialog=import-seats&company=globex', upload, planning.context)
    expect(planned.status).toBe(200)
    const plan = (await planned.json()) as { changes: unknown[] }
    expect(plan.changes).toMatchObject([{ id: free.id, owner: 'globex', assignedTo: newcomer }])
    expect(planning.calls).toEqual([{ operation: 'retrieveLicenses', payload: { table: 'globex' } }])

    const applying = transport()
    const form = new URLSearchParams([
      ['intent', 'import-seats'],
      ['stage', 'apply'],
      ['company', 'globex'],
      ['plan', JSON.stringify(plan.changes)],
      ['idempotencyKey', 'seat-reads-key-000000001'],
    ])
    const applied = await post('dialog=import-seats&company=globex', form, applying.context)
    expect(applied.status).toBe(302)
    expect(applying.calls[0]).toEqual({
      operation: 'retrieveLicenses',
      payload: { table: 'globex', ids: [{ id: free.id, owner: 'globex' }] },
    })
    expect(operations(applying.calls)).toEqual(['retrieveLicenses', 'changeAssignment'])
    expect(await holderOf(free.id)).toBe(newcomer)
  })

  it('a company where the user holds no role is a 404', async () => {
    expect((await open('dialog=import-seats&company=acme')).status).toBe(404)
  })
})
