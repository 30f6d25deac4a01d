// The Webhooks dialog (`?dialog=webhooks&company=ID`); the signing secret is in the answer to Add alone.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import type { Result } from '#protocol/operations'
import type { WebhookEndpoint } from '#protocol/webhooks/operations'
import { mayManageWebhooks } from '#protocol/permissions/roles'
import { webhookChanges } from '#app/rules/changes'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { changed } from '../shared/changed.server'
import { findCompany, notFound, refusal } from '../shared/details.server'
import type { DialogArgs, DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { dialogUrl } from '../shared/urls'
import { AddEndpointSchema, EndpointSchema, EndpointStateSchema, ResendSchema } from './webhook-schemas'

type CompanySummary = { id: string; name: string }

export type WebhooksDialogData =
  | { kind: 'list'; company: CompanySummary; endpoints: WebhookEndpoint[]; idempotencyKey: string }
  | { kind: 'error'; company: CompanySummary; message: string }

type RowIntent = 'set-webhook-endpoint-state' | 'remove-webhook-endpoint' | 'resend-webhook-delivery'

export type WebhooksActionData =
  | { intent: RowIntent; message: string }
  | {
      intent: 'add-webhook-endpoint'
      result: SubmissionResult<string[]>
      added?: Result<'addWebhookEndpoint'>
    }

/** 404 unless the user may manage the company's webhooks. */
function webhookCompany(args: DialogArgs): CompanySummary {
  const company = findCompany(args.page, args.url.searchParams.get('company'))
  if (!company || !mayManageWebhooks(company, args.page.admin)) notFound()
  return { id: company.id, name: company.name }
}

export const webhooksDialog: DialogLoader<WebhooksDialogData> = async (args) => {
  const company = webhookCompany(args)
  const answer = await callLicensing(
    'retrieveWebhooks',
    { companyId: company.id },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) return { kind: 'error', company, message: refusal(answer.error).message } satisfies WebhooksDialogData
  return {
    kind: 'list',
    company,
    endpoints: answer.result.endpoints,
    idempotencyKey: newIdempotencyKey(),
  } satisfies WebhooksDialogData
}

/** The secret goes to this one response, never again. */
export const addWebhookEndpoint: ManageAction = async (args) => {
  const submission = parseWithZod(args.formData, { schema: AddEndpointSchema })
  if (submission.status !== 'success') {
    return json<WebhooksActionData>({ intent: 'add-webhook-endpoint', result: submission.reply() }, { status: 400 })
  }
  const { company, url, events } = submission.value
  const answer = await callLicensing(
    'addWebhookEndpoint',
    { companyId: company, url, events },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'FORBIDDEN' || answer.error === 'NOT_FOUND') notFound()
    const { status } = refusal(answer.error)
    // A refused address is the URL field's error, and everything typed stays.
    return json<WebhooksActionData>(
      { intent: 'add-webhook-endpoint', result: submission.reply({ fieldErrors: { url: [answer.message] } }) },
      { status },
    )
  }
  return json<WebhooksActionData>(
    { intent: 'add-webhook-endpoint', result: submission.reply({ resetForm: true }), added: answer.result },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

const back = (args: ManageArgs, company: string, message: string) =>
  changed(args, { message, to: dialogUrl({ dialog: 'webhooks', company }, args.url) })

function refused(intent: RowIntent, error: Parameters<typeof refusal>[0], message: string) {
  return json<WebhooksActionData>({ intent, message }, { status: refusal(error).status })
}

/** The endpoint's address as the dialog showed it, for the sentence. */
const shownUrl = (formData: FormData) => String(formData.get('url') ?? '').slice(0, 500)

export const setWebhookEndpointState: ManageAction = async (args) => {
  const parsed = EndpointStateSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company, an endpoint and a state must be given.' }, { status: 400 })
  const { company, endpoint, state } = parsed.data
  const answer = await callLicensing(
    'setWebhookEndpointState',
    { companyId: company, endpointId: endpoint, state },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) return refused('set-webhook-endpoint-state', answer.error, answer.message)
  const url = shownUrl(args.formData)
  return back(args, company, state === 'paused' ? webhookChanges.paused(url) : webhookChanges.resumed(url))
}

export const removeWebhookEndpoint: ManageAction = async (args) => {
  const parsed = EndpointSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company and an endpoint must be given.' }, { status: 400 })
  const answer = await callLicensing(
    'removeWebhookEndpoint',
    { companyId: parsed.data.company, endpointId: parsed.data.endpoint },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) return refused('remove-webhook-endpoint', answer.error, answer.message)
  return back(args, parsed.data.company, webhookChanges.removed(shownUrl(args.formData)))
}

export const resendWebhookDelivery: ManageAction = async (args) => {
  const parsed = ResendSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company, an endpoint and a delivery must be given.' }, { status: 400 })
  const { company, endpoint, delivery } = parsed.data
  const answer = await callLicensing(
    'resendWebhookDelivery',
    { companyId: company, endpointId: endpoint, deliveryId: delivery },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) return refused('resend-webhook-delivery', answer.error, answer.message)
  return back(args, company, webhookChanges.resent(shownUrl(args.formData)))
}
