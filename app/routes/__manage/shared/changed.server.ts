// How every /manage action ends (docs/decisions/0007-every-change-ends-with-a-sentence.md): a redirect with the flash.
import { redirect } from '@remix-run/node'
import { flashHeader } from '#app/utils/flash.server'
import type { FlashForm, Status } from '#app/utils/flash'
import type { ManageArgs } from './registry'
import { pageUrl } from './urls'

export type Change = {
  message: string
  tone?: Status['tone']
  /** The element to return to (`anchors`). */
  target?: string
  undo?: FlashForm
  /** A dialog's address; the page's view is kept by the caller. */
  to?: string
  /** E.g. a preference the form remembers. */
  cookies?: string[]
}

export async function changed(args: Pick<ManageArgs, 'url' | 'user'>, change: Change): Promise<Response> {
  const headers = new Headers()
  for (const value of change.cookies ?? []) headers.append('Set-Cookie', value)
  headers.append(
    'Set-Cookie',
    await flashHeader(args.user.email, {
      tone: change.tone ?? 'done',
      message: change.message,
      ...(change.target ? { target: change.target } : {}),
      ...(change.undo ? { undo: change.undo } : {}),
    }),
  )
  const to = change.to ?? pageUrl(args.url)
  return redirect(change.target ? `${to}#${change.target}` : to, { headers })
}
