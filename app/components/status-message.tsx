import { Button, Callout, Flex } from '#app/components/themes'
import { Form, useLocation, useNavigation } from '@remix-run/react'
import { createContext, useContext, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Status } from '#app/utils/flash'

const toneColor = { done: 'green', refused: 'red', notice: 'amber' } as const

/** With script the rest of the page is inert behind a dialog, so a change it returns to is said inside it. */
export const DialogStatusContext = createContext<Status | null | undefined>(undefined)

export function DialogStatus() {
  const status = useContext(DialogStatusContext)
  return status === undefined ? null : <StatusMessage status={status} placement="dialog" />
}

/** A polite live region always in the page, so a sentence arriving with script is announced; with Undo, dismissible. */
export function StatusMessage({ status, placement }: { status: Status | null; placement: 'page' | 'dialog' }) {
  const hydrated = useHydrated()
  const location = useLocation()
  const [dismissed, setDismissed] = useState<string | null>(null)
  const shown = status && status.id !== dismissed ? status : null
  return (
    <div role="status" className={`status-message status-message--${placement}`}>
      {shown ? (
        <div key={shown.id} className="status-message__panel">
          <Callout.Root color={toneColor[shown.tone]} highContrast size="1">
            <Flex gap="3" align="center" justify="between" wrap="wrap">
              <Callout.Text>{shown.message}</Callout.Text>
              <Flex gap="2" align="center">
                {shown.undo ? <UndoForm undo={shown.undo} /> : null}
                {hydrated ? (
                  <Button type="button" size="1" variant="ghost" color="gray" onClick={() => setDismissed(shown.id)}>
                    Dismiss
                  </Button>
                ) : placement === 'page' ? (
                  <a href={`${location.pathname}${location.search}`} className="status-message__dismiss">
                    Dismiss
                  </a>
                ) : null}
              </Flex>
            </Flex>
          </Callout.Root>
        </div>
      ) : null}
    </div>
  )
}

function UndoForm({ undo }: { undo: NonNullable<Status['undo']> }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === undo.intent
  return (
    <Form method="post" action={undo.action} preventScrollReset>
      <input type="hidden" name="intent" value={undo.intent} />
      {Object.entries(undo.fields).map(([name, value]) =>
        name === 'intent' ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <Button type="submit" size="1" variant="solid" highContrast disabled={busy}>
        {undo.label}
      </Button>
    </Form>
  )
}
