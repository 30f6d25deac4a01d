// The parts every form is made of: fields whose label, description and errors are tied by id, and the button row.
import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { Button, Flex, Text, TextField } from '#app/components/themes'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { FieldError } from '#app/components/field-error'

type FieldProps = {
  /** The control's id: the label points at it. */
  id: string
  label: ReactNode
  /** The id of the control's errors for `aria-describedby`; none for a field that cannot be wrong. */
  errorId?: string
  errors?: string[]
  /** A line under the control that explains it, with the id the control's `aria-describedby` names. */
  description?: { id: string; text: ReactNode }
  className?: string
  /** `gap` between label, control and messages, and the space under the field (Radix space scale). */
  gap?: '1' | '2'
  mb?: '2' | '3'
  children: ReactNode
}

/** A field: its label, the control given as children, a description if any, and its errors. */
export function Field({ id, label, errorId, errors, description, className, gap = '1', mb, children }: FieldProps) {
  return (
    <Flex direction="column" gap={gap} mb={mb} className={className}>
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      {children}
      {description ? (
        <Text as="p" size="1" color="gray" id={description.id}>
          {description.text}
        </Text>
      ) : null}
      {errorId ? <FieldError id={errorId} errors={errors} /> : null}
    </Flex>
  )
}

type InputProps = Omit<ComponentPropsWithoutRef<typeof TextField.Root>, 'type' | 'id' | 'name' | 'defaultValue'>

/** A text field of a conform form: a Radix text input with its label and errors. */
export function InputField<Schema>({
  field,
  label,
  type = 'text',
  className,
  gap,
  description,
  ...input
}: {
  field: FieldMetadata<Schema>
  label: ReactNode
  type?: 'text' | 'email' | 'number' | 'password'
  className?: string
  gap?: FieldProps['gap']
  description?: FieldProps['description']
} & InputProps) {
  return (
    <Field
      id={field.id}
      label={label}
      errorId={field.errorId}
      errors={field.errors}
      className={className}
      gap={gap}
      description={description}
    >
      <TextField.Root
        {...getInputProps(field, { type, ariaDescribedBy: description?.id })}
        key={field.key}
        {...input}
      />
    </Field>
  )
}

type TextareaProps = Omit<ComponentPropsWithoutRef<'textarea'>, 'id' | 'name' | 'defaultValue'>

/** A list of email addresses: a native textarea; `errors` replaces the field's own when the page checks as typed. */
export function EmailListField<Schema>({
  field,
  label,
  errors = field.errors,
  ...textarea
}: { field: FieldMetadata<Schema>; label: ReactNode; errors?: string[] } & TextareaProps) {
  return (
    <Field id={field.id} label={label} errorId={field.errorId} errors={errors} gap="2">
      <textarea {...getTextareaProps(field)} key={field.key} spellCheck={false} autoComplete="off" {...textarea} />
    </Field>
  )
}

type ButtonProps = ComponentPropsWithoutRef<typeof Button>

/** A form's submit button: while the form is on its way it is disabled and says so (`busyLabel`). */
export function SubmitButton({
  busy = false,
  busyLabel,
  children,
  ...button
}: { busy?: boolean; busyLabel?: ReactNode } & Omit<ButtonProps, 'type'>) {
  const disabled = busy || Boolean(button.disabled)
  return (
    <Button {...button} type="submit" disabled={disabled} aria-disabled={disabled}>
      {busy && busyLabel ? busyLabel : children}
    </Button>
  )
}

/** The row of buttons under a form: the way back first, then what the form does (`justify="end"` in a dialog). */
export function ButtonRow({
  justify = 'start',
  mt,
  children,
}: {
  justify?: 'start' | 'end'
  mt?: '1' | '2' | '3' | '4'
  children: ReactNode
}) {
  return (
    <Flex gap="3" align="center" wrap="wrap" justify={justify} mt={mt}>
      {children}
    </Flex>
  )
}
