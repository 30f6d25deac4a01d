import { Flex, Text } from '#app/components/themes'
import { Form } from '@remix-run/react'
import type { Activation } from '#protocol/entities'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, SubmitButton } from '#app/components/forms'
import { formatDateTime } from '#protocol/shared/dates'
import { labels } from '#app/rules/messages/labels'

type TooManyActivationsFormProps = {
  activations: readonly Activation[]
  message?: string
  busy: boolean
}

/** Spec §2, §8: a checkbox per machine and Proceed, a plain form; times in UTC so server and browser agree. */
export function TooManyActivationsForm({ activations, message, busy }: TooManyActivationsFormProps) {
  const errorId = 'deactivate-error'
  return (
    <Form method="post" aria-describedby={message ? errorId : undefined}>
      <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
        <legend>
          <Text size="3" weight="bold">
            Activations to remove
          </Text>
        </legend>
        <Flex direction="column" gap="2" my="3" asChild>
          <ul style={{ listStyle: 'none', padding: 0 }}>
            {activations.map((activation) => (
              <li key={activation.key}>
                <Flex asChild gap="2" align="center">
                  <label>
                    <input
                      type="checkbox"
                      name="deactivate"
                      value={activation.key}
                      style={{ width: 16, height: 16, margin: 0, accentColor: 'var(--accent-9)' }}
                    />
                    <Text size="3">
                      <Text weight="medium">{activation.hostname}</Text>, activated{' '}
                      {formatDateTime(activation.activationTime, { utc: true })} UTC
                    </Text>
                  </label>
                </Flex>
              </li>
            ))}
          </ul>
        </Flex>
      </fieldset>
      <FieldError id={errorId} errors={message ? [message] : undefined} />
      <ButtonRow mt="2">
        <SubmitButton size="3" busy={busy} busyLabel="Proceeding…">
          {labels.proceed}
        </SubmitButton>
      </ButtonRow>
    </Form>
  )
}
