import { Heading } from '#app/components/themes'
import { useEffect, useRef, type MouseEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

export type ErrorSummaryItem = { fieldId: string; message: string }

type ErrorSummaryProps = {
  id: string
  /** In the order of the fields on the page. */
  items: ErrorSummaryItem[]
  /** Changes on every refused Continue: the summary then takes the focus. */
  attempt: number
}

/** Each message links to its field; autofocused without script, focused after a refused Continue with script. */
export function ErrorSummary({ id, items, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()
  const shown = items.length > 0
  useEffect(() => {
    if (shown) ref.current?.focus()
    // Only a new attempt moves the focus; a message corrected while typing does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt])
  if (!shown) return null

  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId)
    if (!field) return
    event.preventDefault()
    field.focus()
    field.scrollIntoView({ block: 'center' })
  }

  return (
    <div
      ref={ref}
      id={id}
      className="error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      // Without script a refused form's page starts at the summary; with script only a refused Continue moves focus.
      autoFocus={!hydrated}
    >
      <Heading as="h2" size="4" mb="2" id={`${id}-heading`}>
        There is a problem with your details
      </Heading>
      <ul>
        {items.map((item) => (
          <li key={item.fieldId}>
            <a href={`#${item.fieldId}`} onClick={(event) => focusField(event, item.fieldId)}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
