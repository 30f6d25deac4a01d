/**
 * How every /manage action ends (docs/decisions/0007-every-change-ends-with-a-sentence.md): a redirect back (to the
 * page, or to the dialog the change came from) with the sentence that says what changed, for whom, as a flash; the
 * page returns to the element `target` names, and offers `undo` where the change has a way back.
 */
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
  /** Where to go instead of the page (a dialog's address); the page's view is kept by the caller. */
  to?: string
  /** More Set-Cookie values (a preference the form remembers). */
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
