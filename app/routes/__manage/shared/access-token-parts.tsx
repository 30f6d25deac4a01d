// What the SCIM and API token dialogs share: the lifetime choice, the secret shown once, a token's cells in a list.
import type { FieldMetadata } from '@conform-to/react'
import { getSelectProps } from '@conform-to/react'
import { Flex, Table, Text } from '#app/components/themes'
import type { ReactNode } from 'react'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, Field, SubmitButton } from '#app/components/forms'
import { accessTokenLifetimes } from '#protocol/shared/access-tokens'
import type { AccessToken } from '#protocol/shared/access-token-reads'
import { formatDate, formatDateTime } from '#protocol/shared/dates'
import { BackLink, NativeSelect } from './dialog-parts'
import { CopyField } from './copy-field'

const lifetimeLabel = (days: number) => (days === 0 ? 'Until revoked' : `${days} days`)

export function TokenLifetimeField({ field }: { field: FieldMetadata<number> }) {
  return (
    <Field id={field.id} label="Expires" errorId={field.errorId} errors={field.errors} gap="2">
      <NativeSelect {...getSelectProps(field)} key={field.key}>
        {accessTokenLifetimes.map((days) => (
          <option key={days} value={String(days)}>
            {lifetimeLabel(days)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  )
}

/** The end of a token's form: its lifetime, the form's own error (a refusal), Cancel and Create. */
export function TokenFormEnd(props: {
  lifetime: FieldMetadata<number>
  form: { errorId: string; errors?: string[] }
  back: string
  busy: boolean
}) {
  return (
    <>
      <TokenLifetimeField field={props.lifetime} />
      <FieldError id={props.form.errorId} errors={props.form.errors} />
      <ButtonRow justify="end" mt="3">
        <BackLink to={props.back}>Cancel</BackLink>
        <SubmitButton busy={props.busy} busyLabel="Creating…">
          Create
        </SubmitButton>
      </ButtonRow>
    </>
  )
}

/** The secret, this one time: the sentence is a status, the secret a field to copy (or select without script). */
export function TokenCreated(props: {
  name: string
  secret: { id: string; label: string; description?: string }
  value: string
  back: string
  children?: ReactNode
}) {
  return (
    <>
      <Text as="p" size="2" mb="3" role="status">
        The token {props.name} was created. Copy it now: it is shown only this once.
      </Text>
      <CopyField
        id={props.secret.id}
        label={props.secret.label}
        value={props.value}
        description={props.secret.description}
      />
      {props.children}
      <Flex justify="end">
        <BackLink to={props.back}>Done</BackLink>
      </Flex>
    </>
  )
}

/** A token past its expiry is refused by the API; the list says so instead of a date that reads as still ahead. */
export const expiryWords = (expiresAt: number, now = Date.now()) =>
  `${expiresAt <= now ? 'expired' : 'expires'} ${formatDate(expiresAt, { utc: true })}`

/** The name with its hint and expiry (a row header cell); `children` are the cells between it and the dates. */
export function TokenCells({ token, children }: { token: AccessToken; children?: ReactNode }) {
  return (
    <>
      <Table.RowHeaderCell>
        {token.name}
        <Text as="div" size="1" color="gray">
          <code>{token.hint}</code>
          {token.expiresAt ? ` · ${expiryWords(token.expiresAt)}` : ''}
        </Text>
      </Table.RowHeaderCell>
      {children}
      <Table.Cell>
        {formatDate(token.createdAt, { utc: true })} by {token.createdBy}
      </Table.Cell>
      <Table.Cell>{token.lastUsedAt ? `${formatDateTime(token.lastUsedAt, { utc: true })} UTC` : 'Never'}</Table.Cell>
    </>
  )
}
