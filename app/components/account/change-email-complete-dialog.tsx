import { Button, Flex, Text } from '#app/components/themes'
import { Link as RemixLink } from '@remix-run/react'
import { labels } from '#app/rules/messages/labels'
import { RouteDialog } from '#app/components/route-dialog'

/** Spec §2, §4: the user is logged out and the new address has a link waiting; closing lands on "/". */
export function ChangeEmailCompleteDialog() {
  return (
    <RouteDialog title={labels.changeEmailAddressComplete} closeTo="/" maxWidth="480px">
      <Text as="p" size="3" mb="2">
        We have sent a confirmation link to your new email address. Open it to complete the change; the link is valid
        for 24 hours.
      </Text>
      <Text as="p" size="3" mb="2">
        You have been logged out. Once the change is confirmed, sign in with your new email address.
      </Text>
      <Flex justify="end" mt="3">
        <Button asChild>
          <RemixLink to="/">{labels.close}</RemixLink>
        </Button>
      </Flex>
    </RouteDialog>
  )
}
