// Every /manage dialog by its `dialog` value, and the forms outside any dialog, joined from each capability's
// `*.registry.ts`; the names are exactly `DialogTarget`'s (`shared/urls.ts`). A chunk of its own, as is each dialog's
// component (`manage-dialog.tsx`); the server reads it through `registry.server.ts`.
import type { SerializeFrom } from '@remix-run/node'
import { accountDialogs } from './account/account.registry'
import { activityDialogs } from './activity/activity.registry'
import { adminDialogs } from './admin/admin.registry'
import { apiTokenDialogs } from './api-tokens/api-tokens.registry'
import { companyDialogs, companyForms } from './company/company.registry'
import { domainDialogs } from './domains/domains.registry'
import { companySignInDialogs } from './company-sign-in/company-sign-in.registry'
import { directoryDialogs } from './directory/directory.registry'
import { machineDialogs } from './machines/machines.registry'
import { permissionDialogs } from './permissions/permissions.registry'
import { reclaimDialogs } from './reclaim/reclaim.registry'
import { renewalDialogs, renewalForms } from './renewals/renewals.registry'
import { seatsCsvDialogs } from './seats-csv/seats-csv.registry'
import type { DialogProps, ManageActions, ManageDialog } from './shared/registry'
import type { DialogName } from './shared/urls'
import { subscriptionDialogs } from './subscriptions/subscriptions.registry'
import { webhookDialogs } from './webhooks/webhooks.registry'

export const manageDialogs = {
  ...accountDialogs,
  ...companyDialogs,
  ...seatsCsvDialogs,
  ...permissionDialogs,
  ...renewalDialogs,
  ...subscriptionDialogs,
  ...adminDialogs,
  ...activityDialogs,
  ...domainDialogs,
  ...companySignInDialogs,
  ...directoryDialogs,
  ...machineDialogs,
  ...webhookDialogs,
  ...apiTokenDialogs,
  ...reclaimDialogs,
}

export const rowForms: readonly ManageActions[] = [companyForms, renewalForms]

type Registry = typeof manageDialogs

/** What the named dialog's loader returns (any dialog's, without a name). */
export type DialogData<N extends DialogName = DialogName> = N extends keyof Registry
  ? Registry[N] extends ManageDialog<infer Data>
    ? Data
    : never
  : never

/** The open dialog as the page's loader returns it: its name and what its loader returned. */
export type OpenDialog = { name: string; data: DialogData }

/** A dialog no `DialogTarget` names: none may be (its entry below would have to be `never`). */
type Unaddressed = Exclude<keyof Registry, DialogName>

type ByName = { [N in DialogName]: ManageDialog<DialogData<N>> }

/** Every address has its dialog, with the data its component takes, and every dialog has its address. */
const addressed: ByName & { [N in Unaddressed]: never } = manageDialogs
const byName: ByName = addressed

/** Whether a name from the page is a registered dialog's: an own property, never one of Object.prototype's. */
export function isDialogName(name: string): name is DialogName {
  return Object.hasOwn(byName, name)
}

export async function preloadDialog(name: string): Promise<void> {
  if (isDialogName(name)) await byName[name].Component.preload()
}

type RegisteredDialogProps = { open: SerializeFrom<OpenDialog>; closeTo: string }

/** The open dialog's component, handed what its loader returned; nothing for a name no capability registered. */
export function RegisteredDialog({ open: { name, data }, closeTo }: RegisteredDialogProps) {
  return isDialogName(name) ? <NamedDialog name={name} data={data} closeTo={closeTo} /> : null
}

function NamedDialog<N extends DialogName>({ name, ...props }: { name: N } & DialogProps<DialogData<N>>) {
  const { Component } = byName[name]
  return <Component {...props} />
}
