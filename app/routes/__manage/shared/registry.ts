// What a /manage dialog and form are (docs/decisions/0003-dialogs-are-urls.md); `../dialogs.tsx` joins the registries.
import type { AppLoadContext, SerializeFrom } from '@remix-run/node'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { Details } from '#protocol/operations'
import type { Preferences } from '#app/utils/preferences.server'
import type { SignedInUser } from '#app/utils/session.server'

export type ManageArgs = {
  request: Request
  url: URL
  user: SignedInUser
  context: AppLoadContext
  preferences: Preferences
}

/** The page's windowed details: a dialog that needs rows the page does not show reads them (`retrieveLicenses`). */
export type DialogArgs = ManageArgs & { page: Details }

/** `/manage?dialog=NAME&…`; may throw a Response (a 404, a redirect to a receipt). */
export type DialogLoader<Data> = (args: DialogArgs) => Promise<Data>

/** `intent=NAME`: a redirect after success (post/redirect/get), or data the page re-renders from. */
export type ManageAction = (args: ManageArgs & { formData: FormData }) => Promise<Response>

export type ManageActions = Readonly<Record<string, ManageAction>>

export type DialogProps<Data> = { data: SerializeFrom<Data>; closeTo: string }

export type DialogComponent<Data> = LazyExoticComponent<ComponentType<DialogProps<Data>>> & {
  preload: () => Promise<{ default: ComponentType<DialogProps<Data>> }>
}

export type ManageDialog<Data> = {
  load: DialogLoader<Data>
  actions: ManageActions
  Component: DialogComponent<Data>
}

/** `.server` modules are `undefined` in the browser, so a registry only names their exports, never calls them. */
export function defineDialog<Data>(dialog: {
  load: DialogLoader<Data>
  actions?: ManageActions
  component: () => Promise<ComponentType<DialogProps<Data>>>
}): ManageDialog<Data> {
  let loading: Promise<{ default: ComponentType<DialogProps<Data>> }> | undefined
  // Retried after a failed fetch (a dropped connection), never fetched twice once it succeeded.
  const preload = () => {
    loading ??= dialog.component().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return { load: dialog.load, actions: dialog.actions ?? {}, Component: Object.assign(lazy(preload), { preload }) }
}
