import type { AppLoadContext } from '@remix-run/node'
import type { Details } from '#protocol/operations'
import type { SignedInUser } from '#app/utils/session.server'
import type { Preferences } from '#app/utils/preferences.server'

/** What a dialog's loader and a /manage action are handed. */
export type ManageArgs = {
  request: Request
  url: URL
  user: SignedInUser
  context: AppLoadContext
  preferences: Preferences
}

/**
 * A dialog on /manage is a URL: `/manage?dialog=NAME&…`. Its loader reads what the dialog needs (the details are
 * already loaded) and returns serialisable data, or throws a Response (e.g. a 404 for a license that is not yours).
 */
export type DialogLoader = (args: ManageArgs & { details: Details }) => Promise<unknown>

/**
 * A /manage form posts `intent=NAME`. Its action validates (conform + zod), calls the licensing service, and returns
 * a Response (a redirect after success: post/redirect/get) or data the page re-renders from.
 */
export type ManageAction = (args: ManageArgs & { formData: FormData }) => Promise<Response>
