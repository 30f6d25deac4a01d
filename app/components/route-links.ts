import { useNavigate, useSubmit } from '@remix-run/react'
import { useEffect, type RefObject } from 'react'

const LINK_ATTRIBUTE = 'data-route-link'
const FORM_ATTRIBUTE = 'data-route-form'
/** Followed by the router once script runs. */
export const ROUTE_LINK = { [LINK_ATTRIBUTE]: '' } as const
/** Submitted by the router once script runs, as Remix's `<Form>` would. */
export const ROUTE_FORM = { [FORM_ATTRIBUTE]: '' } as const

/** One listener per container routes its marked anchors and forms, as `<Link preventScrollReset>` would, for rows. */
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
