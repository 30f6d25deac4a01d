import { Flex, Text } from '#app/components/themes'
import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { SubmitButton } from '#app/components/forms'
import { RouteDialog } from '#app/components/route-dialog'
import { countOf } from '#protocol/shared/words'
import { Alert, BackLink } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import type { DirectoryActionData, OwnershipDialogData } from './directory.server'

/** Says before it happens: on frees hand-assigned seats of people in no mapped group (listed); off moves no seat. */
export function OwnershipDialog({ data: d, closeTo }: DialogProps<OwnershipDialogData>) {
  const location = useLocation()
  const actionData = useActionData<DirectoryActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'set-directory-ownership'
  const refusal = actionData && 'message' in actionData && navigation.state === 'idle' ? actionData.message : undefined
  const back = dialogUrl({ dialog: 'directory', company: d.company.id }, location.search)
  const p = d.product
  const turningOn = !p.owned
  return (
    <RouteDialog
      title={turningOn ? `Let the directory own ${p.name}` : `Assign ${p.name} by hand again`}
      description={d.company.name}
      closeTo={back}
      maxWidth="560px"
    >
      {refusal ? <Alert>{refusal}</Alert> : null}
      {turningOn ? (
        <>
          <Text as="p" size="2" mb="2">
            The seats of {p.name} will follow group membership alone: people in a mapped group keep or get a seat, and
            nobody can assign or unassign one by hand.
          </Text>
          {p.wouldFree.length > 0 ? (
            <>
              <Text as="p" size="2" weight="medium">
                This frees {countOf(p.wouldFree.length, 'seat')} assigned by hand to people in no mapped group; they are
                told by mail, and the seats go to the people waiting:
              </Text>
              <ul>
                {p.wouldFree.map((email) => (
                  <li key={email}>
                    <Text size="2">{email}</Text>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <Text as="p" size="2" mb="2">
              No seat assigned by hand is held by someone outside the mapped groups: no seat is freed.
            </Text>
          )}
        </>
      ) : (
        <Text as="p" size="2" mb="2">
          Seats of {p.name} can be assigned by hand again. Seats the directory gave stay with their holders and still
          follow the groups; seats assigned by hand from now on stay as they are.
        </Text>
      )}
      <Form
        method="post"
        action={dialogActionUrl(
          { dialog: 'directory-ownership', company: d.company.id, product: p.productGroup },
          closeTo,
        )}
      >
        <input type="hidden" name="intent" value="set-directory-ownership" />
        <input type="hidden" name="company" value={d.company.id} />
        <input type="hidden" name="product" value={p.productGroup} />
        <input type="hidden" name="owned" value={turningOn ? 'on' : 'off'} />
        {p.wouldFree.map((email) => (
          <input type="hidden" name="expected" value={email} key={email} />
        ))}
        <Flex gap="3" justify="end" mt="3">
          <BackLink to={back}>Cancel</BackLink>
          <SubmitButton busy={busy} busyLabel="Saving…" color={turningOn && p.wouldFree.length ? 'red' : undefined}>
            {turningOn
              ? p.wouldFree.length
                ? `Free ${countOf(p.wouldFree.length, 'seat')} and let the directory own ${p.name}`
                : `Let the directory own ${p.name}`
              : 'Assign by hand again'}
          </SubmitButton>
        </Flex>
      </Form>
    </RouteDialog>
  )
}
