// Who a company's mails go to, and who passes its administrators' guard (spec §3, §6), on the store the tests run on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, signInAs } from '../../tests/support/service.js'
import { administratorsOf, codesOfColumn, permissionColumn, roleOfColumn } from './policy.js'

let service: Awaited<ReturnType<typeof createTestService>>

beforeAll(async () => {
  service = await createTestService()
  // An entry whose codes make no known role (§3: Unknown) though it holds ADMIN.
  await service.db
    .insertInto('company_permissions')
    .values({ company_id: 'globex', email: 'odd@globex.test', permissions: 'ADMIN,ASSIGN', created_at: Date.now() })
    .execute()
})
afterAll(async () => {
  await service.close()
})

describe('the permissions column', () => {
  it('reads back the codes it was written with, and an unknown code makes the Unknown role', () => {
    expect(codesOfColumn(permissionColumn(['ADMIN', 'RESELLER']))).toEqual(['ADMIN', 'RESELLER'])
    expect(roleOfColumn('ADMIN,RESELLER')).toBe(1)
    expect(roleOfColumn('ADMIN,OWNER')).toBe(5)
    expect(codesOfColumn('ADMIN,OWNER')).toEqual(['ADMIN'])
  })
})

describe('administratorsOf', () => {
  it('names the Reseller and Company Administrators, never a manager or an Unknown entry', async () => {
    const administrators = await administratorsOf(service.db, 'globex')
    expect(administrators).toContain('rita@reseller.test')
    expect(administrators).toContain('carl@globex.test')
    expect(administrators).not.toContain('ray@reseller.test')
    expect(administrators).not.toContain('odd@globex.test')
  })
})

describe('the administrators’ guard', () => {
  it('refuses a caller with no role before it tells whether the company exists', async () => {
    const pat = await signInAs(service, 'pat@personal.test')
    const answer = await service.call({ retrieveDirectory: { companyId: 'no-such-company' } }, pat)
    expect(answer.body).toMatchObject({ error: 'FORBIDDEN' })
  })

  it('gives a platform administrator one text for a company that does not exist', async () => {
    await service.db.updateTable('accounts').set({ admin: 1 }).where('email', '=', 'pat@personal.test').execute()
    const pat = await signInAs(service, 'pat@personal.test')
    for (const call of [
      { retrieveDirectory: { companyId: 'no-such-company' } },
      { retrieveDomains: { companyId: 'no-such-company' } },
      { retrieveUsage: { companyId: 'no-such-company' } },
    ]) {
      const answer = await service.call(call, pat)
      expect(answer.body).toMatchObject({ error: 'NOT_FOUND', message: 'This company was not found.' })
    }
  })
})
