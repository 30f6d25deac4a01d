import { useNavigate, useSubmit } from '@remix-run/react'
import { useEffect, type RefObject } from 'react'

const LINK_ATTRIBUTE = 'data-route-link'
const FORM_ATTRIBUTE = 'data-route-form'
/** Marks a plain anchor as a link within the app, followed by the router once script runs. */
export const ROUTE_LINK = { [LINK_ATTRIBUTE]: '' } as const
/** Marks a plain form as one the router submits once script runs (as Remix's `<Form>` would). */
export const ROUTE_FORM = { [FORM_ATTRIBUTE]: '' } as const

/**
 * Inside `container`, plain anchors marked `ROUTE_LINK` navigate with the router (no document load, scroll kept) and
 * plain forms marked `ROUTE_FORM` are submitted by it, as Remix's `<Link preventScrollReset>` and
 * `<Form preventScrollReset>` would, through one listener each for the whole container. For links and forms that
 * repeat on every row of a table: the router's components cost their hooks on every server render; plain elements
 * cost nothing, work without script, and the router's pending state (`useNavigation`) is the same. A click with a
 * modifier key, another button, or on an anchor with a target stays the browser's (a new tab or window).
 */
export function useRouteLinks(container: RefObject<HTMLElement>): void {
  const navigate = useNavigate()
  const submit = useSubmit()
  useEffect(() => {
    const element = container.current
    if (!element) return
    const inside = (target: EventTarget | null, selector: string) => {
      const found = target instanceof Element ? target.closest(selector) : null
      return found && element.contains(found) ? found : null
    }
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = inside(event.target, `a[${LINK_ATTRIBUTE}]`)
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target) return
      const url = new URL(anchor.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      navigate(url.pathname + url.search + url.hash, { preventScrollReset: true })
    }
    function onSubmit(event: SubmitEvent) {
      const form = inside(event.target, `form[${FORM_ATTRIBUTE}]`)
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.target) return
      event.preventDefault()
      // The button pressed is part of what is sent (its name and value), as the browser would send it.
      const submitter = event.submitter
      submit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form, {
        preventScrollReset: true,
      })
    }
    element.addEventListener('click', onClick)
    element.addEventListener('submit', onSubmit)
    return () => {
      element.removeEventListener('click', onClick)
      element.removeEventListener('submit', onSubmit)
    }
  }, [container, navigate, submit])
}
