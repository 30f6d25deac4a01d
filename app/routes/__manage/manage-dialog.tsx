import { useNavigation } from '@remix-run/react'
import { lazy, memo, Suspense, useEffect, type ComponentProps } from 'react'
import type { RegisteredDialog as Registered } from './dialogs'

// The registry is a chunk the plain page does not load, and each dialog one of its own; without script the server
// renders the open dialog inline.
const loadDialogs = () => import('./dialogs')
const RegisteredDialog = lazy(() => loadDialogs().then((module) => ({ default: module.RegisteredDialog })))

/**
 * The registry once the page is idle after hydration; a dialog's own chunk as soon as a link or form heads for it, so
 * it arrives with the dialog's data rather than after it.
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
  const { location } = useNavigation()
  const heading = location ? new URLSearchParams(location.search).get('dialog') : null
  useEffect(() => {
    if (heading)
      void loadDialogs()
        .then((module) => module.preloadDialog(heading))
        .catch(() => undefined)
  }, [heading])
}

/** Memoised: a server-rendered dialog waiting for its chunk is kept only while nothing re-renders it with new props. */
export const ManageDialog = memo(function ManageDialog(props: ComponentProps<typeof Registered>) {
  return (
    <Suspense fallback={null}>
      <RegisteredDialog {...props} />
    </Suspense>
  )
})
