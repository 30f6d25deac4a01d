// The directory's demo data: Initech over SCIM, Engineering mapped to Wallaby.js + Quokka.js.
import { DAY_MS } from '../protocol/shared/dates.js'
import crypto from 'node:crypto'
import type { Transaction } from 'kysely'
import { identityProviderActor } from '../protocol/shared/access-tokens.js'
import type { Database } from '../service/db/schema.js'
import { finishSeatChanges } from '../service/directory/changes.js'
import { syncScimClaims } from '../service/directory/scim-claims.js'
import { newSeatOutcome, type SeatScope } from '../service/directory/seats.js'

/** Only in the demo data set, which production never seeds unless asked to. */
export const DEMO_SCIM_TOKEN = 'lp_scim_DemoInitechOktaToken00000000000000000000000'
export const DEMO_DIRECTORY_COMPANY = 'initech'

const people = ['peter', 'samir', 'michael', 'joanna', 'tom', 'bob']

export async function seedDirectoryDemo(trx: Transaction<Database>, now: number): Promise<void> {
  const companyId = DEMO_DIRECTORY_COMPANY
  const since = now - 30 * DAY_MS
  await trx
    .insertInto('access_tokens')
    .values({
      id: 'tok_demoinitechokta',
      kind: 'scim',
      company_id: companyId,
      account_email: null,
      name: 'Okta',
      scopes: 'scim',
      secret_hash: crypto.createHash('sha256').update(DEMO_SCIM_TOKEN).digest('hex'),
      hint: `${DEMO_SCIM_TOKEN.slice(0, 12)}…`,
      created_by: 'rita@reseller.test',
      creation_key: null,
      created_at: since,
      expires_at: null,
      last_used_at: now - DAY_MS,
      revoked_at: null,
      revoked_by: null,
    })
    .execute()
  for (const [i, name] of people.entries()) {
    const email = `${name}@initech.test`
    const display = `${name[0].toUpperCase()}${name.slice(1)}`
    await trx
      .insertInto('scim_users')
      .values({
        id: `usr_demo${name}`,
        company_id: companyId,
        user_name: email,
        email,
        external_id: `00u${name}`,
        display_name: display,
        active: 1,
        resource: JSON.stringify({
          userName: email,
          externalId: `00u${name}`,
          displayName: display,
          name: { givenName: display, familyName: 'Initech' },
          active: true,
          emails: [{ value: email, type: 'work', primary: true }],
        }),
        version: 1,
        created_at: since + i * 60_000,
        updated_at: since + i * 60_000,
      })
      .execute()
    await trx
      .insertInto('scim_user_emails')
      .values({ user_id: `usr_demo${name}`, company_id: companyId, value: email, type: 'work' })
      .execute()
  }
  await trx
    .insertInto('scim_groups')
    .values({
      id: 'grp_demoengineering',
      company_id: companyId,
      display_name: 'Engineering',
      display_key: 'engineering',
      external_id: '00gengineering',
      version: 1,
      created_at: since,
      updated_at: since,
    })
    .execute()
  await trx
    .insertInto('scim_group_members')
    .values(people.map((name) => ({ group_id: 'grp_demoengineering', user_id: `usr_demo${name}` })))
    .execute()
  await trx
    .insertInto('directory_mappings')
    .values({ group_id: 'grp_demoengineering', product_group: 'bundle', company_id: companyId, created_at: since })
    .execute()
  const scope: SeatScope = { trx, companyId, now: since, outcome: newSeatOutcome(companyId) }
  await syncScimClaims(
    scope,
    people.map((name) => `${name}@initech.test`),
  )
  await finishSeatChanges(trx, scope.outcome, { log: identityProviderActor('Okta'), mail: '' }, since, '')
}
