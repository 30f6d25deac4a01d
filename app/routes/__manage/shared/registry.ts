/**
 * What a /manage dialog and a /manage form are. A capability declares each of its dialogs once with `defineDialog`
 * (its loader, the forms it posts and its component) and lists them, by name, in its `*-dialogs.ts` file; the page's
 * registry (`../dialogs.tsx`) joins the capabilities' lists. The loader's data type reaches the component through
 * `defineDialog`: the component is handed what its loader returned, as it arrives in the browser (JSON).
 */
import type { AppLoadContext, SerializeFrom } from '@remix-run/node'
import type { ComponentType } from 'react'
import type { Details } from '#protocol/operations'
import type { Preferences } from '#app/utils/preferences.server'
import type { SignedInUser } from '#app/utils/session.server'

/** What a dialog's loader and a /manage action are handed. */
export type ManageArgs = {
  request: Request
  url: URL
  user: SignedInUser
  context: AppLoadContext
  preferences: Preferences
}

/**
 * A dialog's loader is handed the page's own answer too: the windowed details the page behind the dialog shows (the
 * account's email and flags, each company's name and permission flags, whole subscriptions, the visible page of each
 * license table and the facts about the rest). It never holds every license of the account: a dialog that needs
 * rows the page does not show reads them, and only them (`retrieveLicenses`).
 */
export type DialogArgs = ManageArgs & { page: Details }

/**
 * A dialog on /manage is a URL: `/manage?dialog=NAME&…`. Its loader reads what the dialog needs and returns
 * serialisable data, or throws a Response (e.g. a 404 for a license that is not yours, a redirect to a receipt).
 */
export type DialogLoader<Data> = (args: DialogArgs) => Promise<Data>

/**
 * A /manage form posts `intent=NAME`. Its action validates (conform + zod), calls the licensing service, and returns
 * a Response (a redirect after success: post/redirect/get) or data the page re-renders from.
 */
export type ManageAction = (args: ManageArgs & { formData: FormData }) => Promise<Response>

/** Forms by their `intent`. */
export type ManageActions = Readonly<Record<string, ManageAction>>

/** What the page hands the open dialog's component: its loader's data and the address that closes it. */
export type DialogProps<Data> = { data: SerializeFrom<Data>; closeTo: string }

export type ManageDialog<Data> = {
  load: DialogLoader<Data>
  /** The forms the dialog posts, by intent. */
  actions: ManageActions
  Component: ComponentType<DialogProps<Data>>
}

/**
 * One dialog: the loader (from a `.server` module), the forms it posts, and the component, which is typed by what the
 * loader returns. The browser's bundle leaves `.server` modules out (their exports are `undefined` there), so a
 * registry file only names what it imports from them and never calls it: only the server calls a loader or action.
 */
export function defineDialog<Data>(dialog: {
  load: DialogLoader<Data>
  actions?: ManageActions
  Component: ComponentType<DialogProps<Data>>
}): ManageDialog<Data> {
  return { load: dialog.load, actions: dialog.actions ?? {}, Component: dialog.Component }
}
