import { useActionData, useLocation, useNavigation } from '@remix-run/react'
import type { License } from '#protocol/entities'
import { canAssignLicense, licenseWords, showOfflineKey } from '#app/rules/license'
import { cannotAssign } from '#app/rules/messages'
import type { UnassignActionData } from '#app/routes/__manage/company/assign.server'
import { dialogUrl, SEEN_HOLDER_FIELD, type CompanyDialog } from '#app/routes/__manage/shared/urls'
import type { LicenseActionProps } from '../license-actions'
import { accent, accentColor, rt } from '#app/components/radix-classes'
import { ROUTE_FORM } from '#app/components/route-links'
import { RowLink } from '../shared/row-link'

function DialogLink({ target, label, license }: { target: CompanyDialog; label: string; license: License }) {
  const location = useLocation()
  return (
    <RowLink to={dialogUrl(target, location.search)} label={`${label} ${licenseWords(license)}`}>
      {label}
    </RowLink>
  )
}

/**
 * Assign / unassign (spec §2, §5) on company license rows, for users who may assign there: Assign opens the dialog,
 * Unassign frees the license at once. Enterprise and multi-user licenses show why they cannot be assigned.
 */
export function AssignAction({ license, company }: LicenseActionProps) {
  const location = useLocation()
  const navigation = useNavigation()
  const actionData = useActionData<UnassignActionData>()
  if (!company?.canAssign) return null
  if (!canAssignLicense(license)) {
    return (
      <span className={rt.text1} {...accentColor('gray')}>
        {cannotAssign}
      </span>
    )
  }
  if (!license.assignedTo)
    return <DialogLink target={{ dialog: 'assign', license: license.id }} label="Assign" license={license} />

  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'unassign' &&
    navigation.formData.get('license') === license.id
  const refusal =
    actionData?.intent === 'unassign' && actionData.license === license.id ? actionData.message : undefined
  const keep = new URLSearchParams(location.search).get('inactive') === 'show' ? '&inactive=show' : ''
  const form = (
    // A plain form submitted by the router through the table's one listener (`useRouteLinks`), with the classes of
    // Radix's Button on its button: this repeats on every row (see radix-classes). The intent travels as the button's
    // value.
    <form method="post" action={`/manage?index${keep}`} {...ROUTE_FORM}>
      <input type="hidden" name="license" value={license.id} />
      <input type="hidden" name={SEEN_HOLDER_FIELD} value={license.assignedTo} />
      <button
        type="submit"
        name="intent"
        value="unassign"
        disabled={busy}
        aria-label={`Unassign ${licenseWords(license)}`}
        className={rt.softButton1}
        data-disabled={busy || undefined}
        {...accent}
      >
        Unassign
      </button>
    </form>
  )
  if (!refusal) return form
  return (
    <div className={rt.flexColumn1}>
      {form}
      <span className={rt.text1} role="alert" {...accentColor('red')}>
        {refusal}
      </span>
    </div>
  )
}

/** Offline key (spec §5 visibility): personal and company rows alike. */
export function OfflineKeyAction({ license, now }: LicenseActionProps) {
  if (!showOfflineKey(license, now)) return null
  return <DialogLink target={{ dialog: 'offline-key', license: license.id }} label="Offline Key" license={license} />
}

/** Remove license: platform administrators only, confirmed in its dialog. */
export function RemoveLicenseAction({ license, admin }: LicenseActionProps) {
  if (!admin) return null
  return <DialogLink target={{ dialog: 'remove-license', license: license.id }} label="Remove" license={license} />
}
