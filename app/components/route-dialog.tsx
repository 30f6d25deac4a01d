import { Box, Card, Dialog, Flex, Heading, Text } from '@radix-ui/themes'
import { useNavigate } from '@remix-run/react'
import { useId, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

type RouteDialogProps = {
  title: ReactNode
  description?: ReactNode
  /** Where closing the dialog goes (a dialog is a URL; closing is a link back). */
  closeTo: string
  /** Error dialogs can be closed only by their own Close button (spec §8). */
  dismissible?: boolean
  maxWidth?: string
  children: ReactNode
  /** A raised layer for the error and key dialogs (spec §9). */
  raised?: boolean
  role?: 'dialog' | 'alertdialog'
}

/**
 * A dialog that is a URL. Without script (and before hydration) the server renders it as a page section with plain
 * forms and links; with script the same content opens as a modal dialog with focus kept inside, and closing it
 * navigates back to `closeTo` without a reload.
 */
export function RouteDialog({
  title,
  description,
  closeTo,
  dismissible = true,
  maxWidth = '640px',
  children,
  raised = false,
  role = 'dialog',
}: RouteDialogProps) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const headingId = useId()
  const descriptionId = useId()

  if (!hydrated) {
    return (
      <Box asChild my="5" mx="auto" style={{ maxWidth }}>
        <section role="region" aria-labelledby={headingId} className="route-dialog-static">
          <Card size="3">
            <Heading as="h2" size="5" mb="2" id={headingId}>
              {title}
            </Heading>
            {description ? (
              <Text as="p" size="2" mb="3" id={descriptionId} color="gray">
                {description}
              </Text>
            ) : null}
            {children}
          </Card>
        </section>
      </Box>
    )
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) navigate(closeTo, { preventScrollReset: true, replace: false })
      }}
    >
      <Dialog.Content
        maxWidth={maxWidth}
        role={role}
        style={raised ? { zIndex: 100000 } : undefined}
        onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
        onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
        onInteractOutside={dismissible ? undefined : (event) => event.preventDefault()}
      >
        <Dialog.Title>{title}</Dialog.Title>
        {description ? (
          <Dialog.Description size="2" mb="3" color="gray">
            {description}
          </Dialog.Description>
        ) : (
          <Dialog.Description className="visually-hidden">{typeof title === 'string' ? title : ''}</Dialog.Description>
        )}
        <Flex direction="column">{children}</Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}
