// The Domains dialogs (`?dialog=domains&company=ID`, `?dialog=domain&…&domain=NAME`); the service decides.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import * as z from 'zod/mini'
import { autoJoinSavedMessage, normalizeDomain } from '#protocol/domains/domains'
import type { DomainEntry } from '#protocol/domains/operations'
import { mayManageDomains } from '#protocol/permissions/roles'
import { ProductGroup } from '#protocol/entities'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { findCompany, forbidden, notFound, refusal } from '../shared/details.server'
import type { DialogArgs, DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { changed } from '../shared/changed.server'
import { dialogUrl } from '../shared/urls'
import { DomainFormSchema } from './domain-schemas'

type CompanySummary = { id: string; name: string }

export type DomainsDialogData =
  | { kind: 'list'; company: CompanySummary; domains: DomainEntry[]; idempotencyKey: string }
  | { kind: 'error'; company: CompanySummary; message: string }

export type DomainDialogData =
  | {
      kind: 'domain'
      company: CompanySummary
      domain: DomainEntry
      /** The products auto-join can give (the company's). */
      products: Array<{ productGroup: ProductGroup; name: string }>
      idempotencyKey: string
    }
  | { kind: 'error'; company: CompanySummary; message: string }

export type ClaimDomainActionData = { intent: 'claim-domain'; result: SubmissionResult<string[]> }
export type DomainActionData =
  | { intent: 'verify-domain' | 'remove-domain'; verified: boolean; message: string }
  | { intent: 'set-auto-join'; saved: false; message: string }

/** The company, when the user may manage its domains (its administrators, platform administrators); else 404. */
function domainsCompany(page: DialogArgs['page'], companyId: string | null): CompanySummary {
  const company = findCompany(page, companyId)
  if (!company || !mayManageDomains(company, page.admin)) notFound()
  return { id: company.id, name: company.name }
}

async function domainsOf(args: Pick<ManageArgs, 'user' | 'context'>, companyId: string) {
  return callLicensing('retrieveDomains', { companyId }, { credential: args.user.credential, context: args.context })
}

export const domainsDialog: DialogLoader<DomainsDialogData> = async (args) => {
  const company = domainsCompany(args.page, args.url.searchParams.get('company'))
  const answer = await domainsOf(args, company.id)
  if (!answer.ok) return { kind: 'error', company, message: refusal(answer.error).message } satisfies DomainsDialogData
  return {
    kind: 'list',
    company,
    domains: answer.result.domains,
    idempotencyKey: newIdempotencyKey(),
  } satisfies DomainsDialogData
}

export const domainDialog: DialogLoader<DomainDialogData> = async (args) => {
  const company = domainsCompany(args.page, args.url.searchParams.get('company'))
  const name = normalizeDomain(args.url.searchParams.get('domain') ?? '')
  if (!name) notFound()
  const answer = await domainsOf(args, company.id)
  if (!answer.ok) return { kind: 'error', company, message: refusal(answer.error).message } satisfies DomainDialogData
  const domain = answer.result.domains.find((d) => d.domain === name)
  if (!domain) notFound()
  return {
    kind: 'domain',
    company,
    domain,
    products: answer.result.products,
    idempotencyKey: newIdempotencyKey(),
  } satisfies DomainDialogData
}

/** A refusal of the service for a form: its own message for the domain rules, the catalogue's otherwise. */
function refusalOf(answer: { error: Parameters<typeof refusal>[0]; message: string }) {
  if (answer.error === 'FORBIDDEN') forbidden()
  const { message, status } = refusal(answer.error)
  const own = answer.error === 'INVALID_STATE' || answer.error === 'NOT_FOUND' || answer.error === 'INVALID_REQUEST'
  return { message: own ? answer.message : message, status }
}

/** `intent=claim-domain`: claims the domain, then shows the record to add (its own dialog). */
export const claimDomain: ManageAction = async (args) => {
  const submission = parseWithZod(args.formData, { schema: DomainFormSchema })
  if (submission.status !== 'success') {
    return json<ClaimDomainActionData>({ intent: 'claim-domain', result: submission.reply() }, { status: 400 })
  }
  const { company, domain } = submission.value
  const answer = await callLicensing(
    'claimDomain',
    { companyId: company, domain },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    const { message, status } = refusalOf(answer)
    return json<ClaimDomainActionData>(
      { intent: 'claim-domain', result: submission.reply({ fieldErrors: { domain: [message] } }) },
      { status },
    )
  }
  const claimed = answer.result.domain.domain
  return changed(args, {
    message: `Added ${claimed}: add its TXT record with your DNS provider, then choose Verify now.`,
    to: dialogUrl({ dialog: 'domain', company, domain: claimed }, args.url),
  })
}

/** `intent=verify-domain`: looks the record up now; a miss says what DNS answered, in the dialog. */
export const verifyDomain: ManageAction = async (args) => {
  const parsed = DomainFormSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company and a domain must be given.' }, { status: 400 })
  const { company, domain } = parsed.data
  const answer = await callLicensing(
    'verifyDomain',
    { companyId: company, domain },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    const { message, status } = refusalOf(answer)
    return json<DomainActionData>({ intent: 'verify-domain', verified: false, message }, { status })
  }
  // Verified: the dialog shows it (and what was found) afresh. Not yet: what DNS answered, as an alert.
  if (answer.result.verified) {
    return changed(args, {
      message: `${domain} is verified.`,
      to: dialogUrl({ dialog: 'domain', company, domain }, args.url),
    })
  }
  return json<DomainActionData>(
    { intent: 'verify-domain', verified: false, message: answer.result.message },
    { status: 422 },
  )
}

/** `intent=remove-domain`: removes the claim (verified or not) and goes back to the list. */
export const removeDomain: ManageAction = async (args) => {
  const parsed = DomainFormSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company and a domain must be given.' }, { status: 400 })
  const { company, domain } = parsed.data
  const answer = await callLicensing(
    'removeDomain',
    { companyId: company, domain },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    const { message, status } = refusalOf(answer)
    return json<DomainActionData>({ intent: 'remove-domain', verified: false, message }, { status })
  }
  return changed(args, { message: `Removed ${domain}.`, to: dialogUrl({ dialog: 'domains', company }, args.url) })
}

const AutoJoinFormSchema = z.extend(DomainFormSchema, { productGroups: z.array(ProductGroup).check(z.maxLength(4)) })

/** `intent=set-auto-join`: the products people at the domain receive a seat of when they sign in (none: off). */
export const setAutoJoin: ManageAction = async (args) => {
  const parsed = AutoJoinFormSchema.safeParse({
    company: args.formData.get('company'),
    domain: args.formData.get('domain'),
    productGroups: args.formData.getAll('productGroups'),
  })
  if (!parsed.success) return json({ error: 'A company, a domain and known products must be given.' }, { status: 400 })
  const { company, domain, productGroups } = parsed.data
  const answer = await callLicensing(
    'setAutoJoin',
    { companyId: company, domain, productGroups },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    const { message, status } = refusalOf(answer)
    return json<DomainActionData>({ intent: 'set-auto-join', saved: false, message }, { status })
  }
  const products = await callLicensing(
    'retrieveDomains',
    { companyId: company },
    { credential: args.user.credential, context: args.context },
  )
  const names = new Map(products.ok ? products.result.products.map((p) => [p.productGroup, p.name] as const) : [])
  const message = autoJoinSavedMessage(
    answer.result.domain.domain,
    answer.result.domain.autoJoin.map((group) => names.get(group) ?? group),
  )
  return changed(args, { message, to: dialogUrl({ dialog: 'domain', company, domain }, args.url) })
}
