import { Button, Flex, Text } from '#app/components/themes'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

const fieldStyle = {
  flex: 1,
  minWidth: 0,
  minHeight: 'var(--space-6)',
  padding: '0 var(--space-2)',
  borderRadius: 'var(--radius-2)',
  border: '1px solid var(--gray-a7)',
  backgroundColor: 'var(--color-surface)',
  color: 'var(--gray-12)',
  fontFamily: 'var(--code-font-family)',
  fontSize: 'var(--font-size-2)',
} as const

/** A read-only field to select without script; with script a Copy button that says when it has copied. */
export function CopyField({
  id,
  label,
  value,
  description,
}: {
  id: string
  label: string
  value: string
  description?: string
}) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  return (
    <Flex direction="column" gap="1" mb="3">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <Flex gap="2" align="center">
        <input
          id={id}
          readOnly
          value={value}
          style={fieldStyle}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={description ? `${id}-description` : undefined}
        />
        {hydrated ? (
          <Button
            type="button"
            variant="soft"
            aria-label={`Copy ${label}`}
            onClick={async () => {
              await navigator.clipboard.writeText(value)
              setCopied(true)
            }}
          >
            Copy
          </Button>
        ) : null}
      </Flex>
      {description ? (
        <Text as="p" size="1" color="gray" id={`${id}-description`}>
          {description}
        </Text>
      ) : null}
      <Text as="p" size="1" role="status" className={copied ? undefined : 'visually-hidden'}>
        {copied ? `${label} copied.` : ''}
      </Text>
    </Flex>
  )
}
