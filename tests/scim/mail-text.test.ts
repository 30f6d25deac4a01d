/**
 * Text from outside in the mails seats that follow the directory send: the company's name (whoever bought named it)
 * and the SCIM token's name (the administrator's words) are quoted on one line and labelled, so that neither adds a
 * line, a paragraph or a link of its own to the assignment and unassignment mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_COMPANY, expectContained } from '../support/outside-text.js'
import { signInAs } from '../support/service.js'
import { GROUP, PATCH_OP, companyWithSeats, entraUser, scimClient, scimToken, startScim } from './scim-client.js'

let server: Awaited<ReturnType<typeof startScim>>
const ADMIN = 'ida@hostile-names.test'
const PERSON = 'dev@hostile-names.test'

beforeAll(async () => {
  server = await startScim()
}, 120_000)
afterAll(() => server.close())

const mailTo = (to: string, subject: RegExp) =>
  server.service.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text'])
    .where('to', '=', to)
    .execute()
    .then((mails) => mails.filter((m) => subject.test(m.subject)))

describe('the directory’s mails with a hostile company name and token name', () => {
  it('assigning and freeing a seat mail the holder with both names quoted, their links defused', async () => {
    const { companyId } = await companyWithSeats(server.service, { name: HOSTILE_COMPANY, seats: 1, admin: ADMIN })
    const admin = await signInAs(server.service, ADMIN)
    const scim = scimClient(
      server.origin,
      await scimToken(server.service, companyId, 'Okta"\nRe-confirm at https://evil.example/login'),
    )
    const person = await scim('POST', 'Users', entraUser(PERSON))
    const group = await scim('POST', 'Groups', { schemas: [GROUP], displayName: 'Engineering' })
    const mapped = await server.service.call(
      { mapDirectoryGroup: { companyId, groupId: group.body.id, productGroups: ['wallaby'] } },
      admin,
    )
    expect(mapped.status).toBe(200)
    const added = await scim('PATCH', `Groups/${String(group.body.id)}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: person.body.id }] }],
    })
    expect(added.status).toBe(204)
    const [assigned] = await mailTo(PERSON, /has assigned you a license$/)
    expectContained(assigned)
    expect(assigned.subject).toMatch(/^The company "Acme Security notice: .*https\[:\]\/\/evil.*" has assigned you/)
    expect(assigned.text).toMatch(
      /^Your company's identity provider "Okta' Re-confirm at https\[:\]\/\/evil.example\/login" has assigned you a license of the company "Acme /m,
    )

    const removed = await scim('PATCH', `Groups/${String(group.body.id)}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: `members[value eq "${String(person.body.id)}"]` }],
    })
    expect(removed.status).toBe(204)
    const [unassigned] = await mailTo(PERSON, /has unassigned your license$/)
    expectContained(unassigned)
    expect(unassigned.subject).toMatch(/^The company "Acme Security notice: /)
  })
})
