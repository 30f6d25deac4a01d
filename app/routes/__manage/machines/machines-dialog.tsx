import { Button, Table, Text } from '#app/components/themes'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { ButtonRow, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import { formatDateTime } from '#protocol/shared/dates'
import { budgetRule, budgetSentence, DEACTIVATION_BUDGET } from '#protocol/machines/machines'
import { labelled, oneLine } from '#protocol/shared/text'
import { countOf } from '#protocol/shared/words'
import { Alert, BackLink, DialogTable } from '../shared/dialog-parts'
import { NAMED_FIELD } from '../shared/named'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import type { DeactivateMachineActionData, DeactivateMachineDialogData, MachinesDialogData } from './machines.server'

/** Times in UTC, as the Too Many Activations page writes them, so that server and browser agree. */
function When({ at }: { at: number | null }) {
  if (at === null) return <>Not yet</>
  return <time dateTime={new Date(at).toISOString()}>{formatDateTime(at, { utc: true })} UTC</time>
}

/** A host name as the editor reported it: data, on one line. */
const hostOf = (hostname: string) => oneLine(hostname, 80)

/** Machines: where a license is active, first and last seen, Deactivate while the budget allows, the budget's rule. */
export function MachinesDialog({ data: d, closeTo }: DialogProps<MachinesDialogData>) {
  const location = useLocation()
  const exhausted = d.budget.nextAt !== null
  return (
    <RouteDialog
      title="Machines"
      description={`The machines ${d.license.name} is active on, as their editors reported them.`}
      closeTo={closeTo}
      maxWidth="640px"
    >
      {d.machines.length === 0 ? (
        <Text as="p" size="2" mb="3">
          This license is not active on any machine.
        </Text>
      ) : (
        <DialogTable
          mb="3"
          caption={`Machines of ${d.license.name}`}
          columns={['Machine', 'First seen', 'Last seen']}
          actions={d.mayDeactivate && !exhausted}
        >
          {d.machines.map((machine) => (
            <Table.Row key={machine.key}>
              <Table.RowHeaderCell>{hostOf(machine.hostname)}</Table.RowHeaderCell>
              <Table.Cell>
                <When at={machine.firstSeen} />
              </Table.Cell>
              <Table.Cell>
                <When at={machine.lastSeen} />
              </Table.Cell>
              {d.mayDeactivate && !exhausted ? (
                <Table.Cell>
                  <Button asChild size="1" variant="soft" color="red">
                    <Link
                      to={dialogUrl(
                        {
                          dialog: 'deactivate-machine',
                          license: d.license.id,
                          owner: d.license.owner,
                          machine: machine.key,
                        },
                        location.search,
                      )}
                      preventScrollReset
                      aria-label={`Deactivate ${labelled('the machine', machine.hostname, 80)}`}
                    >
                      Deactivate
                    </Link>
                  </Button>
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </DialogTable>
      )}
      {d.mayDeactivate ? (
        <>
          {exhausted ? (
            <Alert>{budgetSentence(d.budget, { utc: true })}</Alert>
          ) : (
            <Text as="p" size="2" weight="medium" mb="2">
              {budgetSentence(d.budget, { utc: true })}
            </Text>
          )}
          <Text as="p" size="2" color="gray" mb="3">
            {budgetRule}
          </Text>
        </>
      ) : (
        <Text as="p" size="2" color="gray" mb="3">
          Its holder, and the company&apos;s people who may assign its seats, can deactivate them.
        </Text>
      )}
      <ButtonRow justify="end">
        <BackLink to={closeTo}>{labels.close}</BackLink>
      </ButtonRow>
    </RouteDialog>
  )
}

/** Confirmed first; a refusal (the budget spent since) is said in the dialog, with when the next one is possible. */
export function DeactivateMachineDialog({ data: d, closeTo }: DialogProps<DeactivateMachineDialogData>) {
  const actionData = useActionData<DeactivateMachineActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'deactivate-machine'
  const refused = actionData?.intent === 'deactivate-machine' && navigation.state === 'idle' ? actionData : undefined
  const machinesUrl = dialogUrl({ dialog: 'machines', license: d.license.id, owner: d.license.owner }, closeTo)
  const left = Math.max(0, DEACTIVATION_BUDGET - d.budget.used - 1)
  return (
    <RouteDialog
      title="Deactivate Machine"
      description={`${d.license.name} on ${labelled('the machine', d.machine.hostname, 80)}`}
      closeTo={machinesUrl}
      maxWidth="520px"
      role="alertdialog"
    >
      {refused ? <Alert>{refused.message}</Alert> : null}
      <Text as="p" size="3" mb="2">
        Deactivate {labelled('the machine', d.machine.hostname, 80)}? Its editor stops working with this license at its
        next check, and the license can then be activated on another machine.
      </Text>
      <Text as="p" size="2" color="gray" mb="3">
        Afterwards {countOf(left, 'deactivation')} of {DEACTIVATION_BUDGET} will be left for this license in the next 30
        days.
      </Text>
      <Form
        method="post"
        action={dialogActionUrl(
          { dialog: 'deactivate-machine', license: d.license.id, owner: d.license.owner, machine: d.machine.key },
          closeTo,
        )}
      >
        <input type="hidden" name="intent" value="deactivate-machine" />
        <input type="hidden" name="license" value={d.license.id} />
        <input type="hidden" name="owner" value={d.license.owner} />
        <input type="hidden" name="machine" value={d.machine.key} />
        <input type="hidden" name={NAMED_FIELD} value={d.license.name} />
        <IdempotencyField value={d.idempotencyKey} />
        <ButtonRow justify="end">
          <BackLink to={machinesUrl}>{labels.cancel}</BackLink>
          <SubmitButton color="red" variant="soft" busy={busy} busyLabel="Deactivating…">
            Deactivate
          </SubmitButton>
        </ButtonRow>
      </Form>
    </RouteDialog>
  )
}
