// The Directory dialog's operations, for the company's and platform administrators, checked inside the change.
import { DAY_MS } from '../../protocol/shared/dates.js'
import { directoryProductGroups, ownershipChangedMessage, SCIM_BASE_PATH } from '../../protocol/directory/directory.js'
import type { ProductGroup } from '../../protocol/entities.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { countOf } from '../../protocol/shared/words.js'
import { createAccessToken, listAccessTokens, revokeAccessToken } from '../auth/access-tokens.js'
import type { ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { requireCompanyAdministrator } from '../auth/policy.js'
import { changeDirectory, type DirectoryActor } from './changes.js'
import { productName } from './queue.js'
import { productByGroup } from '../../config/catalog/index.js'
import { syncScimClaims, memberEmails } from './scim-claims.js'
import { log } from './scim-users.js'
import { everyoneOf, settle, waitingPeople, type SeatScope } from './seats.js'
import type { DB } from '../db/database.js'

const shopSlugOf = (group: ProductGroup) => {
  const product = productByGroup(group)
  return product?.shop ? product.slug : null
}

/** The directory's changes are logged and mailed under the caller's own address, a platform administrator's too. */
async function requireDirectoryAdministrator(ctx: ServiceContext, companyId: string) {
  const { caller, company } = await requireCompanyAdministrator(
    ctx,
    companyId,
    "Only the company's administrators may manage its directory.",
  )
  return { caller, company, actor: { log: caller.email, mail: caller.email } satisfies DirectoryActor }
}

/** Hand-assigned seats of people in no mapped group. */
async function wouldFree(scope: SeatScope, group: ProductGroup): Promise<string[]> {
  const claimants = new Set(
    (
      await scope.trx
        .selectFrom('directory_claims')
        .select('email')
        .where('company_id', '=', scope.companyId)
        .where('product_group', '=', group)
        .execute()
    ).map((r) => r.email),
  )
  const held = await scope.trx
    .selectFrom('licenses')
    .leftJoin('directory_seats', 'directory_seats.license_id', 'licenses.id')
    .select(['licenses.assigned_to', 'directory_seats.license_id as seat'])
    .where('licenses.owner', '=', scope.companyId)
    .where('licenses.product_group', '=', group)
    .where('licenses.assigned_to', '!=', '')
    .where('licenses.expiration', '>', scope.now)
    .execute()
  return [
    ...new Set(held.filter((r) => r.seat === null && !claimants.has(r.assigned_to)).map((r) => r.assigned_to)),
  ].sort()
}

async function products(db: DB, companyId: string, now: number) {
  const scope = { trx: db, companyId, now } as unknown as SeatScope
  const [owned, counts] = await Promise.all([
    db.selectFrom('directory_products').selectAll().where('company_id', '=', companyId).execute(),
    db
      .selectFrom('licenses')
      .leftJoin('directory_seats', 'directory_seats.license_id', 'licenses.id')
      .select((eb) => [
        'licenses.product_group',
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('directory_seats.license_id').as('held'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when('licenses.assigned_to', '=', '')
              .then(eb.case().when('licenses.lapsing', '=', 0).then(1).else(0).end())
              .else(0)
              .end(),
          )
          .as('free'),
      ])
      .where('licenses.owner', '=', companyId)
      .where('licenses.expiration', '>', now)
      .where('licenses.is_multi_user', '=', 0)
      .groupBy('licenses.product_group')
      .execute(),
  ])
  const mapped = await db
    .selectFrom('directory_mappings')
    .select('product_group')
    .distinct()
    .where('company_id', '=', companyId)
    .execute()
  const shown = directoryProductGroups.filter(
    (g) =>
      counts.some((c) => c.product_group === g) ||
      mapped.some((m) => m.product_group === g) ||
      owned.some((o) => o.product_group === g),
  )
  return Promise.all(
    shown.map(async (group) => {
      const count = counts.find((c) => c.product_group === group)
      return {
        productGroup: group,
        name: productName(group),
        owned: owned.some((o) => o.product_group === group && o.owned === 1),
        free: Number(count?.free ?? 0),
        held: Number(count?.held ?? 0),
        wouldFree: await wouldFree(scope, group),
        queue: await waitingPeople(scope, group, 500),
        shopSlug: shopSlugOf(group),
      }
    }),
  )
}

/** The company's SCIM tokens as the Directory dialog lists them, without the owner each one names. */
async function scimTokensOf(db: DB, companyId: string) {
  const tokens = await listAccessTokens(db, { companyId }, 'scim')
  return tokens.map(({ companyId: _c, account: _a, ...token }) => token)
}

/** The Directory dialog's token list alone, for its administrators: the REST API's list of SCIM tokens. */
export async function retrieveScimTokens(companyId: string, ctx: ServiceContext) {
  const { company } = await requireDirectoryAdministrator(ctx, companyId)
  return scimTokensOf(ctx.db, company.id)
}

export async function retrieveDirectory(
  payload: ParsedPayload<'retrieveDirectory'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveDirectory'>> {
  const { company } = await requireDirectoryAdministrator(ctx, payload.companyId)
  const db = ctx.db
  const now = ctx.now()
  const [tokens, users, groups, mappings] = await Promise.all([
    scimTokensOf(db, company.id),
    db
      .selectFrom('scim_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('scim_groups as g')
      .leftJoin('scim_group_members as m', 'm.group_id', 'g.id')
      .select((eb) => ['g.id', 'g.display_name', eb.fn.count<number>('m.user_id').as('members')])
      .where('g.company_id', '=', company.id)
      .groupBy(['g.id', 'g.display_name', 'g.display_key'])
      .orderBy('g.display_key')
      .execute(),
    db
      .selectFrom('directory_mappings as d')
      .innerJoin('scim_groups as g', 'g.id', 'd.group_id')
      .select(['d.group_id', 'g.display_name', 'd.product_group'])
      .where('d.company_id', '=', company.id)
      .orderBy('g.display_key')
      .execute(),
  ])
  return {
    company,
    scimBaseUrl: `${ctx.config.publicUrl}${SCIM_BASE_PATH}`,
    tokens,
    users: Number(users.n),
    groups: groups.map((g) => ({ id: g.id, name: g.display_name, members: Number(g.members) })),
    mappings: mappings.map((m) => ({ groupId: m.group_id, groupName: m.display_name, productGroup: m.product_group })),
    products: await products(db, company.id, now),
  }
}

export async function createScimToken(
  payload: ParsedPayload<'createScimToken'>,
  ctx: ServiceContext,
): Promise<Result<'createScimToken'>> {
  const { caller, company, actor } = await requireDirectoryAdministrator(ctx, payload.companyId)
  return changeDirectory(ctx, company.id, actor, async (scope) => {
    const made = await createAccessToken(scope.trx, {
      kind: 'scim',
      owner: { companyId: company.id },
      name: payload.name,
      scopes: ['scim'],
      expiresAt: payload.expiresInDays ? scope.now + payload.expiresInDays * DAY_MS : null,
      createdBy: caller.email,
      now: scope.now,
      creationKey: ctx.idempotencyKey,
    })
    await log(scope, actor.log, `created the SCIM token ${made.token.name}`, [])
    const { companyId: _c, account: _a, ...token } = made.token
    return { token, secret: made.secret }
  })
}

export async function revokeScimToken(
  payload: ParsedPayload<'revokeScimToken'>,
  ctx: ServiceContext,
): Promise<Result<'revokeScimToken'>> {
  const { caller, company, actor } = await requireDirectoryAdministrator(ctx, payload.companyId)
  await changeDirectory(ctx, company.id, actor, async (scope) => {
    const revoked = await revokeAccessToken(scope.trx, {
      owner: { companyId: company.id },
      id: payload.tokenId,
      by: caller.email,
      now: scope.now,
    })
    if (!revoked || revoked.token.kind !== 'scim') throw new ServiceError('NOT_FOUND', 'There is no such SCIM token.')
    if (revoked.revokedNow) await log(scope, actor.log, `revoked the SCIM token ${revoked.token.name}`, [])
  })
  return { completed: true }
}

export async function mapDirectoryGroup(
  payload: ParsedPayload<'mapDirectoryGroup'>,
  ctx: ServiceContext,
): Promise<Result<'mapDirectoryGroup'>> {
  const { company, actor } = await requireDirectoryAdministrator(ctx, payload.companyId)
  await changeDirectory(ctx, company.id, actor, async (scope) => {
    const group = await scope.trx
      .selectFrom('scim_groups')
      .select(['id', 'display_name'])
      .where('company_id', '=', company.id)
      .where('id', '=', payload.groupId)
      .executeTakeFirst()
    if (!group) throw new ServiceError('NOT_FOUND', 'There is no such group in the directory.')
    const wanted = new Set(payload.productGroups)
    const current = new Set(
      (
        await scope.trx
          .selectFrom('directory_mappings')
          .select('product_group')
          .where('group_id', '=', group.id)
          .execute()
      ).map((r) => r.product_group),
    )
    const added = [...wanted].filter((g) => !current.has(g))
    const removed = [...current].filter((g) => !wanted.has(g))
    if (added.length === 0 && removed.length === 0) return
    if (removed.length) {
      await scope.trx
        .deleteFrom('directory_mappings')
        .where('group_id', '=', group.id)
        .where('product_group', 'in', removed)
        .execute()
    }
    if (added.length) {
      await scope.trx
        .insertInto('directory_mappings')
        .values(
          added.map((product_group) => ({
            group_id: group.id,
            product_group,
            company_id: company.id,
            created_at: scope.now,
          })),
        )
        .execute()
    }
    const words = (list: ProductGroup[]) => list.map(productName).join(', ')
    const emails = await memberEmails(scope, group.id)
    await log(
      scope,
      actor.log,
      [
        added.length ? `mapped group ${group.display_name} to ${words(added)}` : '',
        removed.length ? `unmapped group ${group.display_name} from ${words(removed)}` : '',
      ]
        .filter(Boolean)
        .join(' and ') + ` (${countOf(emails.length, 'member')})`,
      [],
    )
    await syncScimClaims(scope, emails)
  })
  return { completed: true }
}

export async function setDirectoryOwnership(
  payload: ParsedPayload<'setDirectoryOwnership'>,
  ctx: ServiceContext,
): Promise<Result<'setDirectoryOwnership'>> {
  const { company, actor } = await requireDirectoryAdministrator(ctx, payload.companyId)
  const group = payload.productGroup
  await changeDirectory(ctx, company.id, actor, async (scope) => {
    const freed = await wouldFree(scope, group)
    if (payload.owned) {
      const expected = [...new Set(payload.expectedReleases.map((e) => e.trim().toLowerCase()))].sort()
      if (expected.join('\n') !== freed.join('\n')) throw new ServiceError('INVALID_STATE', ownershipChangedMessage)
    }
    const before = await scope.trx
      .selectFrom('directory_products')
      .select('owned')
      .where('company_id', '=', company.id)
      .where('product_group', '=', group)
      .executeTakeFirst()
    if ((before?.owned === 1) === payload.owned) return
    await scope.trx
      .insertInto('directory_products')
      .values({ company_id: company.id, product_group: group, owned: payload.owned ? 1 : 0, updated_at: scope.now })
      .onConflict((oc) =>
        oc
          .columns(['company_id', 'product_group'])
          .doUpdateSet({ owned: payload.owned ? 1 : 0, updated_at: scope.now }),
      )
      .execute()
    await log(
      scope,
      actor.log,
      payload.owned
        ? `let the directory own the seats of ${productName(group)}${freed.length ? `, freeing ${countOf(freed.length, 'seat')} of people in no mapped group` : ''}`
        : `took the seats of ${productName(group)} back from the directory: seats assigned by hand stay as they are`,
      freed,
    )
    if (payload.owned)
      await settle(
        scope,
        (await everyoneOf(scope, group)).map((email) => ({ productGroup: group, email })),
      )
  })
  return { completed: true }
}

export const directoryOperationHandlers: OperationHandlers = {
  retrieveDirectory,
  createScimToken,
  revokeScimToken,
  mapDirectoryGroup,
  setDirectoryOwnership,
}
