// The usage page and its CSV read the same answer: a company's last 12 months, for those who may read its log.
import type { AppLoadContext } from '@remix-run/node'
import { callLicensing } from '#app/utils/licensing.server'
import type { SignedInUser } from '#app/utils/session.server'
import { notFound, refusal } from '../shared/details.server'

export async function readUsage(args: { user: SignedInUser; context: AppLoadContext }, companyId: string | null) {
  if (!companyId) notFound()
  const answer = await callLicensing(
    'retrieveUsage',
    { companyId },
    { credential: args.user.credential, context: args.context },
  )
  if (answer.ok) return answer.result
  // A company not theirs, or whose log they may not read, is not there for them.
  if (answer.error === 'FORBIDDEN' || answer.error === 'NOT_FOUND' || answer.error === 'INVALID_REQUEST') notFound()
  throw new Response(refusal(answer.error).message, { status: 502 })
}
