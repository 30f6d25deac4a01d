import { Box, Card, DIALOG_CONTENT, DialogContent, Flex, Heading, Text } from '#app/components/themes'
import { useNavigate } from '@remix-run/react'
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { changedControls, restoreControls, type KeptControl } from './kept-controls'
import { DialogStatus } from './status-message'

const KeptControls = createContext<readonly KeptControl[]>([])

/** What a person set on the control `name` before the script arrived, for a control that takes another shape with it. */
export function useKeptControl(name: string): KeptControl | undefined {
  return useContext(KeptControls).find((control) => control.name === name)
}

type RouteDialogProps = {
  title: ReactNode
  description?: ReactNode
  /** A dialog is a URL; closing is a link back. */
  closeTo: string
  /** Error dialogs close only by their own Close button (spec §8). */
  dismissible?: boolean
  maxWidth?: string
  children: ReactNode
  /** For the error and key dialogs (spec §9). */
  raised?: boolean
  role?: 'dialog' | 'alertdialog'
}

/** A dialog that is a URL (docs/decisions/0003-dialogs-are-urls.md): a page section without script, else `<dialog>`. */
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
  const headingId = useId()
  const descriptionId = useId()
  // The modal replaces the server's section once the script runs: what a person set there meanwhile is read as
  // hydration renders (before React puts a textarea's server text back) and given to the modal's controls.
  const [kept] = useState(() => (hydrated ? [] : changedControlsNear(headingId)))
  const section = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const element = section.current
    if (!element) return
    // A field left focused would be validated on its way out by a form not yet set up: it would post itself.
    if (document.activeElement instanceof HTMLElement && element.contains(document.activeElement))
      document.activeElement.blur()
  }, [])

  if (!hydrated) {
    return (
      <Box asChild my="5" mx="auto" style={{ maxWidth }}>
        <section ref={section} role="region" aria-labelledby={headingId} className="route-dialog-static">
          <Card size="3">
            <DialogTitle title={title} description={description} headingId={headingId} descriptionId={descriptionId} />
            <DialogStatus />
            {children}
          </Card>
        </section>
      </Box>
    )
  }

  return (
    <ModalDialog
      kept={kept}
      headingId={headingId}
      descriptionId={description ? descriptionId : undefined}
      closeTo={closeTo}
      dismissible={dismissible}
      maxWidth={maxWidth}
      raised={raised}
      role={role}
    >
      <DialogTitle title={title} description={description} headingId={headingId} descriptionId={descriptionId} modal />
      <DialogStatus />
      <KeptControls.Provider value={kept}>
        <Flex direction="column">{children}</Flex>
      </KeptControls.Provider>
    </ModalDialog>
  )
}

function changedControlsNear(headingId: string): readonly KeptControl[] {
  const section = typeof document === 'undefined' ? null : document.getElementById(headingId)?.closest('section')
  return section ? changedControls(section) : []
}

function DialogTitle({
  title,
  description,
  headingId,
  descriptionId,
  modal = false,
}: {
  title: ReactNode
  description?: ReactNode
  headingId: string
  descriptionId: string
  /** The dialog's padding is the space. */
  modal?: boolean
}) {
  return (
    <>
      <Heading as="h2" size="5" mb={modal ? '3' : '2'} trim={modal ? 'start' : undefined} id={headingId}>
        {title}
      </Heading>
      {description ? (
        <Text as="p" size="2" mb="3" id={descriptionId} color="gray">
          {description}
        </Text>
      ) : null}
    </>
  )
}

type ModalDialogProps = {
  kept: readonly KeptControl[]
  headingId: string
  descriptionId: string | undefined
  closeTo: string
  dismissible: boolean
  maxWidth: string
  raised: boolean
  role: 'dialog' | 'alertdialog'
  children: ReactNode
}

function ModalDialog({
  kept,
  headingId,
  descriptionId,
  closeTo,
  dismissible,
  maxWidth,
  raised,
  role,
  children,
}: ModalDialogProps) {
  const navigate = useNavigate()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const dismiss = () => navigate(closeTo, { preventScrollReset: true })
  const keptOnOpen = useRef(kept)
  // Once every effect has run (the dialog's forms are set up by its ancestors too), before the next paint: the forms
  // then take the changes as a person's.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (contentRef.current) restoreControls(contentRef.current, keptOnOpen.current)
    })
    return () => cancelAnimationFrame(frame)
  }, [])

  useLayoutEffect(() => {
    const dialog = dialogRef.current
    const content = contentRef.current
    if (!dialog || !content) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const unlockScroll = lockScroll()
    if (!dialog.open) dialog.showModal()
    focusFirst(content)
    // The error and key dialogs stay above any other dialog (spec §9): in the top layer the last shown is on top.
    if (!raised) {
      for (const other of document.querySelectorAll<HTMLDialogElement>('dialog[data-raised="true"][open]')) {
        other.close()
        other.showModal()
        focusFirst(other)
      }
    }
    return () => {
      if (dialog.open) dialog.close()
      unlockScroll()
      if (dialog.contains(document.activeElement) || document.activeElement === document.body) {
        const main = document.getElementById('main')
        const target = opener && opener.isConnected && opener !== document.body ? opener : main
        target?.focus({ preventScroll: true })
      }
    }
  }, [raised])

  return (
    <dialog
      ref={dialogRef}
      className="route-dialog"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
      data-raised={raised ? 'true' : 'false'}
      onKeyDown={(event) => {
        // Handle Escape here, not through the browser's close request: a non-dismissible dialog must stay open
        // whatever the browser's close-watcher rules allow, and a dismissible one closes by navigating.
        if (event.key !== 'Escape' || event.defaultPrevented) return
        event.preventDefault()
        if (dismissible) dismiss()
      }}
      onCancel={(event) => {
        event.preventDefault()
        if (dismissible) dismiss()
      }}
      onClose={(event) => {
        // A close request the page could not cancel closed the dialog: open it again, or follow it.
        const dialog = event.currentTarget
        if (dialog.open || !dialog.isConnected) return
        if (dismissible) dismiss()
        else dialog.showModal()
      }}
      onPointerDown={(event) => {
        if (!dismissible || event.button !== 0) return
        const target = event.target
        if (!(target instanceof HTMLElement) || contentRef.current?.contains(target)) return
        // A press on a scrollbar of the backdrop is not a press outside the dialog.
        const { offsetX, offsetY } = event.nativeEvent
        if (offsetX > target.clientWidth || offsetY > target.clientHeight) return
        dismiss()
      }}
    >
      <DialogContent ref={contentRef} tabIndex={-1} size="3" align="center" style={{ maxWidth }}>
        {children}
      </DialogContent>
    </dialog>
  )
}

const TABBABLE = 'input, select, textarea, button, [tabindex], [contenteditable="true"], summary'

/** The first control a keyboard user would reach (links skipped: a confirm comes first); an input's text selected. */
function focusFirst(container: HTMLElement) {
  const content = container.matches(DIALOG_CONTENT)
    ? container
    : (container.querySelector<HTMLElement>(DIALOG_CONTENT) ?? container)
  for (const candidate of content.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (candidate.tabIndex < 0 || candidate.matches(':disabled, input[type="hidden"]')) continue
    if (candidate.getClientRects().length === 0 || getComputedStyle(candidate).visibility === 'hidden') continue
    candidate.focus()
    if (document.activeElement !== candidate) continue
    if (candidate instanceof HTMLInputElement || candidate instanceof HTMLTextAreaElement) candidate.select()
    return
  }
  content.focus()
}

/** Its scrollbar's room is kept, so nothing shifts. */
function lockScroll(): () => void {
  const html = document.documentElement
  const previous = { overflow: html.style.overflow, gutter: html.style.scrollbarGutter }
  const hadScrollbar = window.innerWidth > html.clientWidth
  html.style.overflow = 'hidden'
  if (hadScrollbar) html.style.scrollbarGutter = 'stable'
  return () => {
    html.style.overflow = previous.overflow
    html.style.scrollbarGutter = previous.gutter
  }
}
