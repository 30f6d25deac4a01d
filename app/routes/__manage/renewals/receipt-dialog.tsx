import { Button, Flex } from '#app/components/themes'
import { Link as RemixLink } from '@remix-run/react'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import type { DialogProps } from '../shared/registry'
import type { ReceiptDialogData } from './renewals.server'

/** Only when the service refused a receipt; otherwise `?dialog=receipt` sends the browser to it. */
export function ReceiptErrorDialog({ data: d, closeTo }: DialogProps<ReceiptDialogData>) {
  return (
    <RouteDialog
      title={labels.somethingWentWrong}
      description={d.error}
      closeTo={closeTo}
      role="alertdialog"
      maxWidth="480px"
    >
      <Flex justify="end" mt="3">
        <Button asChild>
          <RemixLink to={closeTo} preventScrollReset>
            {labels.close}
          </RemixLink>
        </Button>
      </Flex>
    </RouteDialog>
  )
}
