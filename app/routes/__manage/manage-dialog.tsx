import { lazy, memo, Suspense, useEffect, type ComponentProps } from 'react'
import type { RegisteredDialog as Registered } from './dialogs'

/**
 * The dialogs' components, and the form libraries they use, are a chunk of their own: the plain page does not load
 * them. Without script the server renders the open dialog inline (entry.server.tsx waits for the whole document when
 * the URL names a dialog); with script React keeps that server-rendered dialog until the chunk has loaded, and a
 * dialog opened by a client-side navigation appears once it has (the first time only; then it is at hand).
 */
const loadDialogs = () => import('./dialogs')
const RegisteredDialog = lazy(() => loadDialogs().then((module) => ({ default: module.RegisteredDialog })))

/**
 * Fetches the dialogs' chunk once the page is idle after hydration, so that the first dialog opened appears at once
 * rather than after a round trip (the page itself still renders without it).
 */
export function usePreloadedDialogs() {
  useEffect(() => {
    const load = () => void loadDialogs().catch(() => undefined)
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 2_000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(load, 200)
    return () => window.clearTimeout(id)
  }, [])
}

/**
 * The open /manage dialog. Memoised: a server-rendered dialog that is still waiting for its chunk is kept only while
 * nothing re-renders it with new props.
 */
export const ManageDialog = memo(function ManageDialog(props: ComponentProps<typeof Registered>) {
  return (
    <Suspense fallback={null}>
      <RegisteredDialog {...props} />
    </Suspense>
  )
})
