import { Button, Text } from '@radix-ui/themes'
import { Link } from '@remix-run/react'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'

/**
 * Small pieces the company dialogs share. Form controls are native elements (select, checkbox), so every dialog works
 * without script; they take their colours from the theme's tokens.
 */

/** A dialog's way back: a link (a dialog is a URL; closing it is a navigation). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="soft" color="gray">
      <Link to={to} preventScrollReset>
        {children}
      </Link>
    </Button>
  )
}

/** A refusal or rule message that must be noticed: announced at once. */
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
