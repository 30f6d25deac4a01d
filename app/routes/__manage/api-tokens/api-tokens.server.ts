// API tokens (`?dialog=api-tokens[&company=ID]`): docs/decisions/0015-api-tokens-who-holds-them.md.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import type { AccessToken } from '#protocol/shared/access-token-reads'
import { mayManageApiTokens } from '#protocol/permissions/roles'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { apiTokenChanges } from '#app/rules/changes'
import type { DialogArgs, DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { findCompany, notFound, refusal } from '../shared/details.server'
import { changed } from '../shared/changed.server'
import { namedIn } from '../shared/named'
import { dialogUrl } from '../shared/urls'
import { apiTokenSchema, RevokeApiTokenSchema } from './api-tokens-schemas'

type Holder = { id: string; name: string } | null

export type ApiTokensDialogData =
  { kind: 'tokens'; company: Holder; tokens: AccessToken[] } | { kind: 'error'; company: Holder; message: string }

export type ApiTokenDialogData = { company: Holder; idempotencyKey: string }

export type RevokeApiTokenDialogData = { company: Holder; token: AccessToken; idempotencyKey: string }

export type ApiTokenActionData =
  | { intent: 'create-api-token'; result: SubmissionResult<string[]>; created?: { token: AccessToken; secret: string } }
  | { intent: 'revoke-api-token'; message: string }

/** The company named in the address (404 unless the user may manage its tokens), or none: the account's own. */
function holderOf(args: DialogArgs): Holder {
  const id = args.url.searchParams.get('company')
  if (id === null) return null
  const company = findCompany(args.page, id)
  if (!company || !mayManageApiTokens(company, args.page.admin)) notFound()
  return { id: company.id, name: company.name }
}

const read = (args: Pick<ManageArgs, 'user' | 'context'>, company: Holder) =>
  callLicensing('retrieveApiTokens', company ? { companyId: company.id } : {}, {
    credential: args.user.credential,
    context: args.context,
  })

export const apiTokensDialog: DialogLoader<ApiTokensDialogData> = async (args) => {
  const company = holderOf(args)
  const answer = await read(args, company)
  if (!answer.ok)
    return { kind: 'error', company, message: refusal(answer.error).message } satisfies ApiTokensDialogData
  return { kind: 'tokens', company, tokens: answer.result.tokens } satisfies ApiTokensDialogData
}

export const apiTokenDialog: DialogLoader<ApiTokenDialogData> = async (args) => ({
  company: holderOf(args),
  idempotencyKey: newIdempotencyKey(),
})

/** A token that is not in the list (revoked meanwhile, another's) is a 404. */
export const revokeApiTokenDialog: DialogLoader<RevokeApiTokenDialogData> = async (args) => {
  const company = holderOf(args)
  const answer = await read(args, company)
  const token = answer.ok ? answer.result.tokens.find((t) => t.id === args.url.searchParams.get('token')) : undefined
  if (!token) notFound()
  return { company, token, idempotencyKey: newIdempotencyKey() } satisfies RevokeApiTokenDialogData
}

const listUrl = (company: string | undefined, url: URL) => dialogUrl({ dialog: 'api-tokens', company }, url)

export const createApiToken: ManageAction = async (args) => {
  const submission = parseWithZod(args.formData, { schema: apiTokenSchema })
  if (submission.status !== 'success') {
    return json<ApiTokenActionData>({ intent: 'create-api-token', result: submission.reply() }, { status: 400 })
  }
  const { company, name, scopes, expiresInDays } = submission.value
  const answer = await callLicensing(
    'createApiToken',
    { ...(company ? { companyId: company } : {}), name, scopes, expiresInDays },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'FORBIDDEN' || answer.error === 'NOT_FOUND') notFound()
    const { status } = refusal(answer.error)
    return json<ApiTokenActionData>(
      { intent: 'create-api-token', result: submission.reply({ formErrors: [answer.message] }) },
      { status },
    )
  }
  return json<ApiTokenActionData>(
    { intent: 'create-api-token', result: submission.reply({ resetForm: true }), created: answer.result },
    // The secret is in this answer alone: no cache may keep it.
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export const revokeApiToken: ManageAction = async (args) => {
  const parsed = RevokeApiTokenSchema.safeParse({
    company: args.formData.get('company') ?? undefined,
    token: args.formData.get('token'),
  })
  if (!parsed.success) return json({ error: 'A token must be given.' }, { status: 400 })
  const { company, token } = parsed.data
  const answer = await callLicensing(
    'revokeApiToken',
    { ...(company ? { companyId: company } : {}), tokenId: token },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    return json<ApiTokenActionData>(
      { intent: 'revoke-api-token', message: answer.message },
      { status: refusal(answer.error).status },
    )
  }
  return changed(args, { message: apiTokenChanges.revoked(namedIn(args.formData)), to: listUrl(company, args.url) })
}
