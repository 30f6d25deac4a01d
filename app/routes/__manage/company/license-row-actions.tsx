import { useActionData, useLocation, useNavigation } from '@remix-run/react'
import { Button, Flex, plainProps, Text } from '#app/components/themes'
import type { License } from '#protocol/entities'
import { licenseWords } from '#app/rules/license'
import { displayName } from '#protocol/catalog/products'
import { licenseName } from '#app/rules/changes'
import type { UnassignActionData } from './assign.server'
import type { LicenseActionProps } from '../shared/row-actions'
import { dialogUrl, pageActionUrl, type DialogTarget } from '../shared/urls'
import { SEEN_HOLDER_FIELD } from './seen-fields'
import { NAMED_FIELD } from '../shared/named'
import { ROUTE_FORM } from '#app/components/route-links'
import { RowLink } from '../shared/row-link'
import { canAssignLicense, showOfflineKey, cannotAssign } from '#protocol/licenses/licenses'

// On every row: plain elements (plainProps).
const cannotAssignText = plainProps(<Text size="1" color="gray" />)
const unassignButton = plainProps(<Button size="1" variant="soft" />)
const busyUnassignButton = plainProps(<Button size="1" variant="soft" disabled />)

function DialogLink(props: { target: DialogTarget; label: string; license: License; look?: 'link' | 'button' }) {
  const { target, label, license, look } = props
  const location = useLocation()
  return (
    <RowLink to={dialogUrl(target, location.search)} label={`${label} ${licenseWords(license)}`} look={look}>
      {label}
    </RowLink>
  )
}

/** Spec §2, §5: Assign opens the dialog, Unassign frees at once (its sentence offers Undo). */
export function AssignAction({ license, company }: LicenseActionProps) {
  const location = useLocation()
  const navigation = useNavigation()
  const actionData = useActionData<UnassignActionData>()
  if (!company?.canAssign) return null
  if (!canAssignLicense(license)) {
    return <span {...cannotAssignText()}>{cannotAssign}</span>
  }
  if (!license.assignedTo)
    return (
      <DialogLink
        target={{ dialog: 'assign', license: license.id, owner: license.owner }}
        label="Assign"
        license={license}
        // The same kind of control as the Unassign that takes its place.
        look="button"
      />
    )

  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'unassign' &&
    navigation.formData.get('license') === license.id
  const refusal =
    actionData?.intent === 'unassign' && actionData.license === license.id ? actionData.message : undefined
  const form = (
    // A plain form, routed by the table's one listener: it repeats on every row.
    <form method="post" action={pageActionUrl(location.search)} {...ROUTE_FORM}>
      <input type="hidden" name="license" value={license.id} />
      <input type="hidden" name="owner" value={license.owner} />
      <input type="hidden" name={SEEN_HOLDER_FIELD} value={license.assignedTo} />
      <input
        type="hidden"
        name={NAMED_FIELD}
        value={licenseName({ product: displayName(license), order: license.order, key: license.key })}
      />
      <button
        {...(busy ? busyUnassignButton : unassignButton)({
          type: 'submit',
          name: 'intent',
          value: 'unassign',
          'aria-label': `Unassign ${licenseWords(license)}`,
        })}
      >
        Unassign
      </button>
    </form>
  )
  if (!refusal) return form
  return (
    <Flex direction="column" gap="1">
      {form}
      <Text size="1" role="alert" color="red">
        {refusal}
      </Text>
    </Flex>
  )
}

/** Spec §5 visibility: personal and company rows alike. */
export function OfflineKeyAction({ license, now }: LicenseActionProps) {
  if (!showOfflineKey(license, now)) return null
  return (
    <DialogLink
      target={{ dialog: 'offline-key', license: license.id, owner: license.owner }}
      label="Offline Key"
      license={license}
    />
  )
}
