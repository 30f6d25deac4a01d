import { Button, Flex, Text } from '#app/components/themes'
import { Link as RemixLink } from '@remix-run/react'
import { authenticationError, authenticationFailedTitle } from '#app/rules/messages/sign-in'
import { labels } from '#app/rules/messages/labels'
import { RouteDialog } from '#app/components/route-dialog'
import { useSupportEmail } from '#app/utils/support-email'

/** Spec §2, §8: only its Close button dismisses it, and Close goes to "/". `message`: the service's own words. */
export function AuthenticationFailedDialog({ code, message }: { code: string; message?: string | null }) {
  const coded = authenticationError(code, useSupportEmail())
  const text = message ? { message, support: undefined } : coded
  return (
    <RouteDialog
      title={authenticationFailedTitle}
      closeTo="/"
      dismissible={false}
      raised
      role="alertdialog"
      maxWidth="480px"
    >
      <Text as="p" size="3" mb="2">
        {text.message}
      </Text>
      {text.support ? (
        <Text as="p" size="2" mb="2">
          {text.support}
        </Text>
      ) : null}
      <Flex justify="end" mt="3">
        <Button asChild>
          <RemixLink to="/" replace>
            {labels.close}
          </RemixLink>
        </Button>
      </Flex>
    </RouteDialog>
  )
}
