import { Form, Link as RemixLink, useActionData, useLocation, useNavigation } from '@remix-run/react'
import type { License } from '#protocol/entities'
import { canAssignLicense, displayName, showOfflineKey } from '#app/rules/license'
import { cannotAssign } from '#app/rules/messages'
import type { UnassignActionData } from '#app/routes/__manage/company/assign.server'
import { dialogUrl, type CompanyDialog } from '#app/routes/__manage/company/urls'
import type { LicenseActionProps } from '../license-actions'
import { accent, accentColor, rt } from '#app/components/radix-classes'

/** Which license a row action is about, for people who hear the link rather than see its row. */
const which = (license: License) => `${displayName(license)}, order ${license.order}, key ${license.key}`

function DialogLink({ target, label, license }: { target: CompanyDialog; label: string; license: License }) {
  const location = useLocation()
  return (
    // `<Link asChild size="2" underline="always">`'s markup without the component (see radix-classes).
    <RemixLink
      to={dialogUrl(target, location.search)}
      preventScrollReset
      aria-label={`${label} ${which(license)}`}
      className={rt.linkUnderlined}
      {...accent}
    >
      {label}
    </RemixLink>
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
  return (
    // Plain elements with the classes of Radix's Flex, Button and Text: these repeat on every row (see radix-classes).
    <div className={rt.flexColumn1}>
      <Form method="post" action={`/manage?index${keep}`} preventScrollReset>
        <input type="hidden" name="intent" value="unassign" />
        <input type="hidden" name="license" value={license.id} />
        <button
          type="submit"
          disabled={busy}
          aria-label={`Unassign ${which(license)}`}
          className={rt.softButton1}
          data-disabled={busy || undefined}
          {...accent}
        >
          Unassign
        </button>
      </Form>
      {refusal ? (
        <span className={rt.text1} role="alert" {...accentColor('red')}>
          {refusal}
        </span>
      ) : null}
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
