import { useEffect, useRef, useState, type RefObject } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from '#app/components/themes'

// Copy buttons once script runs (without, the text is there to select): one listener and live region per list of rows.

const COPY_ATTRIBUTE = 'data-copy'
export const copiedMessage = 'Copied'
export const copyRefusedMessage = 'Copying is not allowed here: the text is selected, copy it with your keyboard.'

type CopyState = {
  message: string
  /** Its button reads "Copied" for a moment. */
  copied: string | null
}

/** So that a browser that refuses the clipboard still lets the user copy it by hand. */
function selectText(element: Element | null) {
  const selection = window.getSelection()
  if (!element || !selection) return
  const range = document.createRange()
  range.selectNodeContents(element)
  selection.removeAllRanges()
  selection.addRange(range)
}

/** The live region is emptied first, so that a second copy is announced again. */
export function useCopyButtons(container: RefObject<HTMLElement>): CopyState {
  const [state, setState] = useState<CopyState>({ message: '', copied: null })
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => {
    // Listened for on the document: a list inside a dialog's portal is mounted after this effect ran.
    function onClick(event: MouseEvent) {
      const button = event.target instanceof Element ? event.target.closest(`button[${COPY_ATTRIBUTE}]`) : null
      if (!button || !container.current?.contains(button)) return
      const text = button.getAttribute(COPY_ATTRIBUTE) ?? ''
      const shown = button.getAttribute('aria-controls')
      const say = (next: CopyState) => {
        clearTimeout(timer.current)
        setState({ message: '', copied: next.copied })
        timer.current = setTimeout(() => {
          setState(next)
          timer.current = setTimeout(() => setState((s) => ({ ...s, copied: null })), 2000)
        }, 100)
      }
      const refused = () => {
        selectText(shown ? document.getElementById(shown) : null)
        say({ message: copyRefusedMessage, copied: null })
      }
      if (!navigator.clipboard) return refused()
      navigator.clipboard.writeText(text).then(() => say({ message: copiedMessage, copied: text }), refused)
    }
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('click', onClick)
      clearTimeout(timer.current)
    }
  }, [container])
  return state
}

/** `label` starts with the visible word, as its accessible name must. */
export function CopyButton({
  text,
  shows,
  label,
  list,
}: {
  text: string
  shows: string
  label: string
  list: Pick<CopyState, 'copied'> & { hydrated: boolean }
}) {
  const { hydrated, copied } = list
  if (!hydrated) return null
  return (
    <Button
      size="1"
      variant="soft"
      type="button"
      aria-label={label}
      aria-controls={shows}
      {...{ [COPY_ATTRIBUTE]: text }}
    >
      {copied === text ? 'Copied' : 'Copy'}
    </Button>
  )
}

/** Always rendered, so that the change is announced. */
export function CopyAnnouncement({ message }: { message: string }) {
  return (
    <p role="status" aria-live="polite" className="visually-hidden">
      {message}
    </p>
  )
}

export function useCopyList<E extends HTMLElement>() {
  const hydrated = useHydrated()
  const container = useRef<E>(null)
  const state = useCopyButtons(container)
  return { hydrated, container, ...state }
}
