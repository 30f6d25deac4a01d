import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Flex, Text } from '#app/components/themes'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { License, ProductGroup } from '#protocol/entities'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, EmailListField, Field, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import {
  BackLink,
  NativeSelect,
  PlanSummary,
  SendEmailCheckbox,
  textAreaStyle,
} from '#app/routes/__manage/shared/dialog-parts'
import { RouteDialog } from '#app/components/route-dialog'
import { companyAssignees, losingText, planCompanyBulkAssign } from '#app/rules/company'
import { labels } from '#app/rules/messages/labels'
import { ADDRESS_SEPARATORS } from '#protocol/shared/address-list'
import type { DialogProps } from '../shared/registry'
import type { BulkAssignActionData, BulkAssignDialogData } from './bulk-assign.server'
import { bulkAssignSchema } from './license-schemas'
import { SEEN_HOLDERS_FIELD } from './seen-fields'
import { dialogActionUrl, dialogUrl, showsInactive } from '../shared/urls'

// The plan's summary shows before Update (as typed, or after Preview without script); every product's list is here,
// so choosing one waits for nothing.
export function BulkAssignDialog({ data: d, closeTo }: DialogProps<BulkAssignDialogData>) {
  const hydrated = useHydrated()
  const productId = 'bulk-assign-product'
  // The product on screen. It follows the address only when the address itself changes (back, forward).
  const [chosen, setChosen] = useState({ group: d.group, from: d.group })
  const group = chosen.from === d.group ? chosen.group : d.group
  if (chosen.from !== d.group) setChosen({ group: d.group, from: d.group })
  const emails = group === d.group || !group ? d.emails : companyAssignees(d.licenses, group, d.now)

  return (
    <RouteDialog
      title={labels.bulkAssign}
      description={`${d.company.name}: list the email addresses that should hold a license of the product. Licenses held by addresses that are not in the list are unassigned.`}
      closeTo={closeTo}
      maxWidth="600px"
    >
      {!group ? (
        <>
          <Text as="p" size="2" mb="3">
            This company has no licenses that can be assigned in bulk.
          </Text>
          <Flex justify="end">
            <BackLink to={closeTo}>{labels.close}</BackLink>
          </Flex>
        </>
      ) : (
        <>
          {/* Without script, Choose product reloads the dialog with that product's current holders as the starting list. */}
          <Form method="get" action="/manage" preventScrollReset>
            <input type="hidden" name="dialog" value="bulk-assign" />
            <input type="hidden" name="company" value={d.company.id} />
            {showsInactive(closeTo) ? <input type="hidden" name="inactive" value="show" /> : null}
            <Flex direction="column" gap="2" mb="3">
              {/* Its message belongs to the assignees' form below (bulk-assign-group-error). */}
              <Field id={productId} label="Product" gap="2">
                {/* Choose product (without script) goes under the select when both do not fit on one line. */}
                <Flex gap="2" align="center" wrap="wrap">
                  <NativeSelect
                    id={productId}
                    name="group"
                    value={group}
                    style={{ flex: '1 1 14rem', minWidth: 0, maxWidth: '100%' }}
                    aria-describedby="bulk-assign-group-error"
                    onChange={(event) => {
                      const next = d.products.find((p) => p.group === event.currentTarget.value)
                      if (!next) return
                      setChosen({ group: next.group, from: d.group })
                      // The address names the product without telling the router: no answer can come back for it.
                      const url = dialogUrl(
                        { dialog: 'bulk-assign', company: d.company.id, group: next.group },
                        closeTo.split('?')[1],
                      )
                      window.history.replaceState(window.history.state, '', url)
                    }}
                  >
                    {d.products.map((p) => (
                      <option key={p.group} value={p.group}>
                        {p.label} ({p.unexpired} of {p.total} unexpired)
                      </option>
                    ))}
                  </NativeSelect>
                  {hydrated ? null : <SubmitButton variant="soft">Choose product</SubmitButton>}
                </Flex>
              </Field>
            </Flex>
          </Form>
          <AssigneesForm
            key={group}
            data={d}
            group={group}
            emails={emails}
            licenses={d.licenses}
            closeTo={closeTo}
            groupErrorId="bulk-assign-group-error"
          />
        </>
      )}
    </RouteDialog>
  )
}

type AssigneesFormProps = {
  data: BulkAssignDialogData
  group: ProductGroup
  /** The starting list of the product's holders. */
  emails: string
  licenses: License[]
  closeTo: string
  groupErrorId: string
}

function AssigneesForm({ data, group, emails, licenses, closeTo, groupErrorId }: AssigneesFormProps) {
  const hydrated = useHydrated()
  const schema = bulkAssignSchema(licenses, data.now)
  const actionData = useActionData<BulkAssignActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'bulk-assign'
  // The answer to this product's submission only: one posted for another product never lands in this form.
  const own =
    actionData?.intent === 'bulk-assign' &&
    navigation.state === 'idle' &&
    actionData.result.initialValue?.group === group
      ? actionData
      : undefined

  const [form, fields] = useForm({
    id: `bulk-assign-${group}`,
    lastResult: own?.result,
    constraint: getZodConstraint(schema),
    defaultValue: { company: data.company.id, group, emails, sendEmail: data.sendEmail },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })

  // With script the plan follows the text as it is typed; without, the server's preview answers it.
  const live = hydrated
    ? planCompanyBulkAssign({ licenses, group, text: fields.emails.value ?? '', now: data.now })
    : undefined
  const liveError = live && 'error' in live ? live : undefined
  const groupErrors = liveError?.readOnly ? [liveError.error] : fields.group.errors
  const emailErrors = liveError && !liveError.readOnly ? [liveError.error] : fields.emails.errors
  const summary = live ? ('error' in live ? undefined : live.summary) : own?.summary
  const losing = live ? ('error' in live ? '' : losingText(live.losing)) : losingText(own?.losing ?? [])
  const canUpdate = hydrated ? !liveError : Boolean(own?.summary)

  return (
    <Form
      method="post"
      action={dialogActionUrl({ dialog: 'bulk-assign', company: data.company.id, group }, closeTo)}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="bulk-assign" />
      <input type="hidden" name="company" value={data.company.id} />
      <input type="hidden" name="group" value={group} />
      {/* The holders this product's list started from: Update is refused if someone else changed them in between. */}
      <input type="hidden" name={SEEN_HOLDERS_FIELD} value={emails} />
      <IdempotencyField value={data.idempotencyKey} />
      <FieldError id={groupErrorId} errors={groupErrors} />
      <Flex direction="column" gap="2">
        <EmailListField
          field={fields.emails}
          label={`Email addresses (separated by ${ADDRESS_SEPARATORS})`}
          errors={emailErrors}
          rows={8}
          style={textAreaStyle}
        />
        <SendEmailCheckbox {...getInputProps(fields.sendEmail, { type: 'checkbox' })} key={fields.sendEmail.key} />
        <PlanSummary summary={summary} losing={losing} errorId={form.errorId} errors={form.errors} />
        <ButtonRow justify="end" mt="2">
          <BackLink to={closeTo}>{labels.cancel}</BackLink>
          {hydrated ? null : (
            <SubmitButton name="stage" value="preview" variant={canUpdate ? 'soft' : 'solid'}>
              Preview
            </SubmitButton>
          )}
          {canUpdate || hydrated ? (
            <SubmitButton
              name="stage"
              value="apply"
              busy={canUpdate && busy}
              busyLabel="Updating…"
              disabled={!canUpdate}
            >
              {labels.update}
            </SubmitButton>
          ) : null}
        </ButtonRow>
      </Flex>
    </Form>
  )
}
