import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Button, Flex, Table, Text } from '#app/components/themes'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, Field, InputField, SubmitButton } from '#app/components/forms'
import { Alert, BackLink, DialogTable, NativeSelect, checkboxStyle } from '#app/routes/__manage/shared/dialog-parts'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import type { RoleNumber } from '#protocol/permissions/roles'
import type { DialogProps } from '../shared/registry'
import type {
  AddPermissionActionData,
  AddPermissionDialogData,
  PermissionsDialogData,
  RemovePermissionActionData,
} from './permissions.server'
import { addPermissionSchema } from './permission-schemas'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import { NAMED_FIELD } from '../shared/named'

/** Spec §2: Email and Role, Remove per row; Add User and Close. */
export function PermissionsDialog({ data: d, closeTo }: DialogProps<PermissionsDialogData>) {
  const location = useLocation()
  const actionData = useActionData<RemovePermissionActionData>()
  const navigation = useNavigation()
  const removing =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'remove-permission'
      ? String(navigation.formData.get('email'))
      : undefined
  const refusal = actionData?.intent === 'remove-permission' && navigation.state === 'idle' ? actionData : undefined

  return (
    <RouteDialog
      title={labels.companyPermissions}
      description={`Who may manage the licenses of ${d.company.name}.`}
      closeTo={closeTo}
      maxWidth="640px"
    >
      {d.kind === 'error' ? (
        <Alert>{d.message}</Alert>
      ) : (
        <>
          {refusal ? <Alert>{refusal.message}</Alert> : null}
          <DialogTable mb="3" caption={`Permissions of ${d.company.name}`} columns={['Email', 'Role']} actions>
            {d.rows.map((row) => (
              <Table.Row key={row.email}>
                <Table.RowHeaderCell>{row.email}</Table.RowHeaderCell>
                <Table.Cell>{row.roleName}</Table.Cell>
                <Table.Cell>
                  {row.canRemove ? (
                    <Form
                      method="post"
                      action={dialogActionUrl({ dialog: 'permissions', company: d.company.id }, closeTo)}
                      preventScrollReset
                    >
                      <input type="hidden" name="intent" value="remove-permission" />
                      <input type="hidden" name="company" value={d.company.id} />
                      <input type="hidden" name="email" value={row.email} />
                      <input type="hidden" name={NAMED_FIELD} value={d.company.name} />
                      <Button
                        type="submit"
                        size="1"
                        color="red"
                        variant="soft"
                        aria-label={`${labels.remove} ${row.email}`}
                        disabled={removing === row.email}
                      >
                        {labels.remove}
                      </Button>
                    </Form>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </DialogTable>
        </>
      )}
      <Flex gap="3" justify="end">
        {d.kind === 'list' ? (
          <Button asChild>
            <Link
              to={dialogUrl({ dialog: 'add-permission', company: d.company.id }, location.search)}
              preventScrollReset
            >
              {labels.addUser}
            </Link>
          </Button>
        ) : null}
        <BackLink to={closeTo}>{labels.close}</BackLink>
      </Flex>
    </RouteDialog>
  )
}

/** Spec §2, §5: Company Manager unless chosen otherwise; "Send notification to user" remembered. */
export function AddPermissionDialog({ data: d, closeTo }: DialogProps<AddPermissionDialogData>) {
  const hydrated = useHydrated()
  const location = useLocation()
  const offered = d.roles.map((r) => r.role)
  const schema = addPermissionSchema(d.existing, offered)
  const actionData = useActionData<AddPermissionActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'add-permission'
  const lastResult =
    actionData?.intent === 'add-permission' && navigation.state === 'idle' ? actionData.result : undefined
  const back = dialogUrl({ dialog: 'permissions', company: d.company.id }, location.search)

  const [form, fields] = useForm({
    id: 'add-permission',
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { company: d.company.id, email: '', role: String(d.defaultRole), sendEmail: d.sendEmail },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const [chosen, setChosen] = useState<RoleNumber>(() => {
    const initial = Number(fields.role.initialValue ?? d.defaultRole) as RoleNumber
    return offered.includes(initial) ? initial : d.defaultRole
  })
  const descriptionId = 'add-permission-role-description'

  return (
    <RouteDialog title={labels.addCompanyPermission} description={d.company.name} closeTo={back} maxWidth="520px">
      <Form
        method="post"
        action={dialogActionUrl({ dialog: 'add-permission', company: d.company.id }, closeTo)}
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="add-permission" />
        <input type="hidden" name="company" value={d.company.id} />
        <input type="hidden" name={NAMED_FIELD} value={d.company.name} />
        <IdempotencyField value={d.idempotencyKey} />
        <Flex direction="column" gap="2">
          <InputField field={fields.email} label="Email" type="email" gap="2" autoComplete="off" />

          <Field id={fields.role.id} label="Role" errorId={fields.role.errorId} errors={fields.role.errors} gap="2">
            <NativeSelect
              {...getSelectProps(fields.role)}
              key={fields.role.key}
              aria-describedby={`${descriptionId} ${fields.role.errorId}`}
              onChange={(event) => setChosen(Number(event.currentTarget.value) as RoleNumber)}
            >
              {d.roles.map((r) => (
                <option key={r.role} value={String(r.role)}>
                  {r.name}
                </option>
              ))}
            </NativeSelect>
            {hydrated ? (
              <Text as="p" size="2" color="gray" id={descriptionId}>
                {d.roles.find((r) => r.role === chosen)?.description}
              </Text>
            ) : (
              // Without script the description cannot follow the choice: every role offered is described.
              <dl id={descriptionId} style={{ margin: 0 }}>
                {d.roles.map((r) => (
                  <Text as="div" size="2" key={r.role} mb="1">
                    <dt style={{ display: 'inline', fontWeight: 500 }}>{r.name}: </dt>
                    <dd style={{ display: 'inline', margin: 0 }}>{r.description}</dd>
                  </Text>
                ))}
              </dl>
            )}
          </Field>

          <Flex asChild gap="2" align="center" mt="1">
            <label>
              <input
                {...getInputProps(fields.sendEmail, { type: 'checkbox' })}
                key={fields.sendEmail.key}
                style={checkboxStyle}
              />
              <Text size="2">{labels.sendNotificationToUser}</Text>
            </label>
          </Flex>
          <FieldError id={form.errorId} errors={form.errors} />
          <ButtonRow justify="end" mt="3">
            <BackLink to={back}>{labels.cancel}</BackLink>
            <SubmitButton busy={busy} busyLabel="Saving…">
              {labels.save}
            </SubmitButton>
          </ButtonRow>
        </Flex>
      </Form>
    </RouteDialog>
  )
}
