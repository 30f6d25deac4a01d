import { Button, Flex, Heading, Link as ThemeLink, Table, Text } from '#app/components/themes'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { ButtonRow, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { licenseName } from '#app/rules/changes'
import { viewHref } from '#app/rules/license-windows'
import { labels } from '#app/rules/messages/labels'
import { formatDate } from '#protocol/shared/dates'
import { displayName } from '#protocol/catalog/products'
import { RECLAIM_UNDO_DAYS, RECLAIM_WARNING_DAYS, policySentence } from '#protocol/reclaim/reclaim'
import type { Reclaim } from '#protocol/reclaim/operations'
import { Alert, BackLink, checkboxStyle, DialogTable } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl } from '../shared/urls'
import { anchors } from '../shared/anchors'
import type { ReclaimActionData, ReclaimDialogData } from './reclaim.server'
import { policyChoices } from './reclaim-schemas'

const day = (ms: number) => formatDate(ms, { utc: true })
const seatOf = (r: Reclaim) =>
  licenseName({ product: displayName({ productName: r.productName, trial: false }), order: r.order, key: r.key })

const choiceLabels: Record<(typeof policyChoices)[number], string> = {
  off: 'Off: never reclaim idle seats',
  '30': 'Reclaim seats idle for 30 days',
  '60': 'Reclaim seats idle for 60 days',
  '90': 'Reclaim seats idle for 90 days',
}

/** Reclaim idle seats: the policy (off by default) and the last 14 days' reclaims with Undo. */
export function ReclaimDialog({ data: d, closeTo }: DialogProps<ReclaimDialogData>) {
  const actionData = useActionData<ReclaimActionData>()
  const navigation = useNavigation()
  const refusal = actionData && navigation.state === 'idle' ? actionData.message : undefined
  const location = useLocation()
  return (
    <RouteDialog
      title="Reclaim idle seats"
      description={`Unassign ${d.company.name}'s seats that nobody uses, so that they can go to someone who will.`}
      closeTo={closeTo}
      maxWidth="720px"
    >
      {refusal ? <Alert>{refusal}</Alert> : null}
      {d.kind === 'error' ? <Alert>{d.message}</Alert> : null}
      {d.kind === 'policy' ? (
        <>
          <Text as="p" size="2" mb="2">
            A seat is idle when its holder has had it for the number of days chosen and no editor has checked the
            license since. Its holder and the company&apos;s administrators are mailed {RECLAIM_WARNING_DAYS} days
            before it is unassigned; using the license in an editor keeps it. Seats your identity provider assigns are
            never reclaimed. An administrator can undo a reclaim for {RECLAIM_UNDO_DAYS} days.
          </Text>
          <Text as="p" size="2" mb="3" weight="medium">
            {policySentence(d.idleDays)}{' '}
            <ThemeLink asChild underline="always">
              <Link
                to={`${viewHref(location.search, d.company.id, { filter: `idle-${d.idleDays ?? 30}` })}#${anchors.licenses(d.company.id)}`}
              >
                Show the seats idle for {d.idleDays ?? 30} days in the license table
              </Link>
            </ThemeLink>
          </Text>
          <PolicyForm company={d.company} idleDays={d.idleDays} closeTo={closeTo} idempotencyKey={d.idempotencyKey} />
          <Reclaims company={d.company} reclaims={d.reclaims} closeTo={closeTo} undoKeys={d.undoKeys} />
        </>
      ) : (
        <ButtonRow justify="end">
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </ButtonRow>
      )}
    </RouteDialog>
  )
}

function PolicyForm(props: {
  company: { id: string; name: string }
  idleDays: number | null
  closeTo: string
  idempotencyKey: string
}) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'set-reclaim-policy'
  const current = props.idleDays === null ? 'off' : String(props.idleDays)
  return (
    <Form
      method="post"
      action={dialogActionUrl({ dialog: 'reclaim', company: props.company.id }, props.closeTo)}
      preventScrollReset
    >
      <input type="hidden" name="intent" value="set-reclaim-policy" />
      <input type="hidden" name="company" value={props.company.id} />
      <input type="hidden" name="companyName" value={props.company.name} />
      <IdempotencyField value={props.idempotencyKey} />
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend>
          <Text size="2" weight="medium">
            Policy
          </Text>
        </legend>
        <Flex direction="column" gap="1" mt="1">
          {policyChoices.map((choice) => (
            <Flex asChild gap="2" align="center" key={choice}>
              <label>
                <input
                  type="radio"
                  name="idleDays"
                  value={choice}
                  defaultChecked={choice === current}
                  style={checkboxStyle}
                />
                <Text size="2">{choiceLabels[choice]}</Text>
              </label>
            </Flex>
          ))}
        </Flex>
      </fieldset>
      <ButtonRow justify="end" mt="3">
        <BackLink to={props.closeTo}>{labels.close}</BackLink>
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save policy
        </SubmitButton>
      </ButtonRow>
    </Form>
  )
}

function Reclaims(props: {
  company: { id: string; name: string }
  reclaims: Reclaim[]
  closeTo: string
  undoKeys: Record<string, string>
}) {
  return (
    <section aria-labelledby="reclaims-heading">
      <Heading as="h3" size="3" id="reclaims-heading" mt="4" mb="2">
        Reclaimed in the last {RECLAIM_UNDO_DAYS} days
      </Heading>
      {props.reclaims.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No seat was reclaimed in the last {RECLAIM_UNDO_DAYS} days.
        </Text>
      ) : (
        <DialogTable
          mb="2"
          caption={`Seats of ${props.company.name} reclaimed in the last ${RECLAIM_UNDO_DAYS} days`}
          columns={['Seat', 'Former holder', 'Reclaimed']}
          actions
        >
          {props.reclaims.map((r) => (
            <Table.Row key={r.id}>
              <Table.RowHeaderCell>{seatOf(r)}</Table.RowHeaderCell>
              <Table.Cell>{r.holder}</Table.Cell>
              <Table.Cell>
                {day(r.reclaimedAt)} (idle {r.idleDays} days)
              </Table.Cell>
              <Table.Cell>
                {r.undoneAt !== null ? (
                  <Text size="2">
                    Undone {day(r.undoneAt)}
                    {r.undoneBy ? ` by ${r.undoneBy}` : ''}
                  </Text>
                ) : r.undoUntil !== null ? (
                  <Form
                    method="post"
                    action={dialogActionUrl({ dialog: 'reclaim', company: props.company.id }, props.closeTo)}
                    preventScrollReset
                  >
                    <input type="hidden" name="intent" value="undo-reclaim" />
                    <input type="hidden" name="company" value={props.company.id} />
                    <input type="hidden" name="reclaim" value={r.id} />
                    <input type="hidden" name="seat" value={seatOf(r)} />
                    {props.undoKeys[r.id] ? <IdempotencyField value={props.undoKeys[r.id]!} /> : null}
                    <Button
                      type="submit"
                      size="1"
                      variant="soft"
                      aria-label={`Undo: give ${seatOf(r)} back to ${r.holder}`}
                    >
                      Undo
                    </Button>
                    <Text as="p" size="1" color="gray">
                      until {day(r.undoUntil)}
                    </Text>
                  </Form>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </DialogTable>
      )}
    </section>
  )
}
