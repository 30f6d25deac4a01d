import { Button, Flex, Text } from '#app/components/themes'
import { Form } from '@remix-run/react'
import { sessionError } from '#app/rules/messages/session'
import { RouteDialog } from './route-dialog'
import { useSupportEmail } from '#app/utils/support-email'

/** Spec §8: only its Close button closes it; Close logs out and lands on "/". */
export function SessionErrorDialog({ code }: { code: string }) {
  const text = sessionError(code, useSupportEmail())
  return (
    <RouteDialog title={text.title} closeTo="/" dismissible={false} raised role="alertdialog" maxWidth="480px">
      <Text as="p" size="3" mb="2">
        {text.message}
      </Text>
      <Text as="p" size="3" mb="2">
        {text.notice}
      </Text>
      {text.support ? (
        <Text as="p" size="2" mb="2">
          {text.support}
        </Text>
      ) : null}
      <Form method="post" action="/logout">
        <Flex justify="end" mt="3">
          <Button type="submit">Close</Button>
        </Flex>
      </Form>
    </RouteDialog>
  )
}
