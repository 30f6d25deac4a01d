// The company's Directory (`?dialog=directory&company=ID`): SCIM tokens, mapped groups, seats, queue and ownership.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import type { AccessToken } from '#protocol/shared/access-token-reads'
import { type DirectoryProduct } from '#protocol/directory/directory'
import { mayManageDirectory } from '#protocol/permissions/roles'
import { ProductGroup } from '#protocol/entities'
import type { Result } from '#protocol/operations'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import type { DialogArgs, DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { findCompany, notFound, refusal } from '../shared/details.server'
import { dialogUrl } from '../shared/urls'
import { changed } from '../shared/changed.server'
import { namedIn } from '../shared/named'
import { directoryChanges } from '#app/rules/changes'
import { productNames } from '#protocol/catalog/products'
import { MapGroupSchema, OwnershipSchema, RevokeTokenSchema, scimTokenSchema } from './directory-schemas'

type Directory = Result<'retrieveDirectory'>

export type DirectoryDialogData =
  | { kind: 'directory'; directory: Directory; email: string }
  | { kind: 'error'; company: { id: string; name: string }; message: string }

export type ScimTokenDialogData = { company: { id: string; name: string }; scimBaseUrl: string; idempotencyKey: string }

export type OwnershipDialogData = {
  company: { id: string; name: string }
  product: DirectoryProduct
}

export type DirectoryActionData =
  | { intent: 'revoke-scim-token' | 'map-directory-group' | 'set-directory-ownership'; message: string }
  | {
      intent: 'create-scim-token'
      result: SubmissionResult<string[]>
      created?: { token: AccessToken; secret: string }
    }

/** 404 unless the user may manage its directory. */
function directoryCompany(args: DialogArgs) {
  const company = findCompany(args.page, args.url.searchParams.get('company'))
  if (!company || !mayManageDirectory(company, args.page.admin)) notFound()
  return { id: company.id, name: company.name }
}

async function read(args: Pick<ManageArgs, 'user' | 'context'>, companyId: string) {
  return callLicensing('retrieveDirectory', { companyId }, { credential: args.user.credential, context: args.context })
}

export const directoryDialog: DialogLoader<DirectoryDialogData> = async (args) => {
  const company = directoryCompany(args)
  const answer = await read(args, company.id)
  if (!answer.ok)
    return { kind: 'error', company, message: refusal(answer.error).message } satisfies DirectoryDialogData
  return { kind: 'directory', directory: answer.result, email: args.page.email } satisfies DirectoryDialogData
}

export const scimTokenDialog: DialogLoader<ScimTokenDialogData> = async (args) => {
  const company = directoryCompany(args)
  const answer = await read(args, company.id)
  return {
    company,
    scimBaseUrl: answer.ok ? answer.result.scimBaseUrl : '',
    idempotencyKey: newIdempotencyKey(),
  } satisfies ScimTokenDialogData
}

export const ownershipDialog: DialogLoader<OwnershipDialogData> = async (args) => {
  const company = directoryCompany(args)
  const group = ProductGroup.safeParse(args.url.searchParams.get('product'))
  if (!group.success) notFound()
  const answer = await read(args, company.id)
  const product = answer.ok ? answer.result.products.find((p) => p.productGroup === group.data) : undefined
  if (!product) notFound()
  return { company, product } satisfies OwnershipDialogData
}

/** The sentence is said inside the dialog. */
const back = (args: ManageArgs, company: string, message: string) =>
  changed(args, { message, to: dialogUrl({ dialog: 'directory', company }, args.url) })

function refused(
  intent: 'revoke-scim-token' | 'map-directory-group' | 'set-directory-ownership',
  error: Parameters<typeof refusal>[0],
  message: string,
) {
  const { status } = refusal(error)
  return json<DirectoryActionData>({ intent, message }, { status })
}

export const createScimToken: ManageAction = async (args) => {
  const submission = parseWithZod(args.formData, { schema: scimTokenSchema })
  if (submission.status !== 'success') {
    return json<DirectoryActionData>({ intent: 'create-scim-token', result: submission.reply() }, { status: 400 })
  }
  const { company, name, expiresInDays } = submission.value
  const answer = await callLicensing(
    'createScimToken',
    { companyId: company, name, expiresInDays },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'FORBIDDEN' || answer.error === 'NOT_FOUND') notFound()
    const { status } = refusal(answer.error)
    return json<DirectoryActionData>(
      { intent: 'create-scim-token', result: submission.reply({ formErrors: [answer.message] }) },
      { status },
    )
  }
  return json<DirectoryActionData>(
    { intent: 'create-scim-token', result: submission.reply({ resetForm: true }), created: answer.result },
    // The secret is in this answer alone: no cache may keep it.
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export const revokeScimToken: ManageAction = async (args) => {
  const parsed = RevokeTokenSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company and a token must be given.' }, { status: 400 })
  const answer = await callLicensing(
    'revokeScimToken',
    { companyId: parsed.data.company, tokenId: parsed.data.token },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) return refused('revoke-scim-token', answer.error, answer.message)
  return back(args, parsed.data.company, directoryChanges.tokenRevoked(namedIn(args.formData)))
}

export const mapDirectoryGroup: ManageAction = async (args) => {
  const parsed = MapGroupSchema.safeParse({
    company: args.formData.get('company'),
    group: args.formData.get('group'),
    products: args.formData.getAll('products'),
  })
  if (!parsed.success) return json({ error: 'A company, a group and known products must be given.' }, { status: 400 })
  const answer = await callLicensing(
    'mapDirectoryGroup',
    { companyId: parsed.data.company, groupId: parsed.data.group, productGroups: parsed.data.products },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) return refused('map-directory-group', answer.error, answer.message)
  const products = parsed.data.products.map((group) => productNames[group])
  return back(args, parsed.data.company, directoryChanges.groupMapped(namedIn(args.formData), products))
}

export const setDirectoryOwnership: ManageAction = async (args) => {
  const parsed = OwnershipSchema.safeParse({
    company: args.formData.get('company'),
    product: args.formData.get('product'),
    owned: args.formData.get('owned'),
    expected: args.formData.getAll('expected'),
  })
  if (!parsed.success) return json({ error: 'A company, a product and a choice must be given.' }, { status: 400 })
  const { company, product, owned, expected } = parsed.data
  const answer = await callLicensing(
    'setDirectoryOwnership',
    { companyId: company, productGroup: product, owned: owned === 'on', expectedReleases: expected },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  // Refused because the seats changed: the dialog shows the new list (its loader reads it again) and the message.
  if (!answer.ok) return refused('set-directory-ownership', answer.error, answer.message)
  return back(args, company, directoryChanges.ownership(productNames[product], owned === 'on', expected.length))
}
