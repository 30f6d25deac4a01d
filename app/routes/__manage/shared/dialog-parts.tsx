import { Button, Flex, Table, Text } from '#app/components/themes'
import { Link } from '@remix-run/react'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { FieldError } from '#app/components/field-error'
import { labels } from '#app/rules/messages/labels'

// Small pieces the company dialogs share; native form controls, so every dialog works without script.

/** A dialog is a URL: closing it is a navigation. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="soft" color="gray">
      <Link to={to} preventScrollReset>
        {children}
      </Link>
    </Button>
  )
}

/** Announced at once. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <Text as="p" role="alert" color="red" size="2" mb="2">
      {children}
    </Text>
  )
}

const selectStyle = {
  minHeight: 'var(--space-6)',
  padding: '0 var(--space-2)',
  borderRadius: 'var(--radius-2)',
  border: '1px solid var(--gray-a7)',
  backgroundColor: 'var(--color-surface)',
  color: 'var(--gray-12)',
  font: 'inherit',
  fontSize: 'var(--font-size-2)',
} as const

export function NativeSelect(props: ComponentPropsWithoutRef<'select'>) {
  return <select {...props} style={{ ...selectStyle, ...props.style }} />
}

export const checkboxStyle = { width: 16, height: 16, margin: 0, accentColor: 'var(--accent-9)' } as const

export const textAreaStyle = {
  width: '100%',
  boxSizing: 'border-box',
  padding: 'var(--space-2)',
  borderRadius: 'var(--radius-2)',
  border: '1px solid var(--gray-a7)',
  backgroundColor: 'var(--color-surface)',
  color: 'var(--gray-12)',
  font: 'inherit',
  fontSize: 'var(--font-size-2)',
  fontFamily: 'var(--code-font-family)',
} as const

/** Spec §5; `props` are conform's input props. */
export function SendEmailCheckbox(props: ComponentPropsWithoutRef<'input'>) {
  return (
    <Flex asChild gap="2" align="center">
      <label>
        <input {...props} type="checkbox" style={checkboxStyle} />
        <Text size="2">{labels.sendEmailOnAssign}</Text>
      </label>
    </Flex>
  )
}

/** Announced politely as it changes, then the form's own error. */
export function PlanSummary(props: { summary?: string; losing?: string; errorId: string; errors?: string[] }) {
  const { summary, losing, errorId, errors } = props
  return (
    <>
      <Text as="p" size="2" weight="medium" role="status" aria-live="polite">
        {summary ?? ''}
      </Text>
      {/* Whom the plan cuts off, in a live region of its own that is there before the names arrive. */}
      {losing === undefined ? null : (
        <Text as="p" size="2" role="status" aria-live="polite">
          {losing}
        </Text>
      )}
      <FieldError id={errorId} errors={errors} />
    </>
  )
}

/** A dialog's table: its caption for screen readers, its column headers, and a last, unnamed column of actions. */
export function DialogTable(props: {
  caption: string
  columns: string[]
  actions?: boolean
  mb: '2' | '3' | '4'
  children: ReactNode
}) {
  return (
    <Table.Root variant="surface" size="1" mb={props.mb}>
      <caption className="visually-hidden">{props.caption}</caption>
      <Table.Header>
        <Table.Row>
          {props.columns.map((column) => (
            <Table.ColumnHeaderCell key={column} scope="col">
              {column}
            </Table.ColumnHeaderCell>
          ))}
          {props.actions ? (
            <Table.ColumnHeaderCell scope="col">
              <span className="visually-hidden">Actions</span>
            </Table.ColumnHeaderCell>
          ) : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>{props.children}</Table.Body>
    </Table.Root>
  )
}

/** A checkbox per product, labelled by its name, posting the checked product groups under `name`. */
export function ProductCheckboxes<G extends string>(props: {
  name: string
  products: ReadonlyArray<{ productGroup: G; name: string }>
  checked: (productGroup: G) => boolean
}) {
  return props.products.map((p) => (
    <Flex asChild gap="1" align="center" key={p.productGroup}>
      <label>
        <input
          type="checkbox"
          name={props.name}
          value={p.productGroup}
          defaultChecked={props.checked(p.productGroup)}
          style={checkboxStyle}
        />
        <Text size="2">{p.name}</Text>
      </label>
    </Flex>
  ))
}
