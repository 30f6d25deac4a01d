import { lazy, memo, Suspense, useEffect, type ComponentProps } from 'react'
import type { RegisteredDialog as Registered } from './dialogs'

// The dialogs are a chunk the plain page does not load; without script the server renders the open dialog inline.
const loadDialogs = () => import('./dialogs')
const RegisteredDialog = lazy(() => loadDialogs().then((module) => ({ default: module.RegisteredDialog })))

/** Once the page is idle after hydration, so the first dialog opened appears at once. */
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

/** Memoised: a server-rendered dialog waiting for its chunk is kept only while nothing re-renders it with new props. */
export const ManageDialog = memo(function ManageDialog(props: ComponentProps<typeof Registered>) {
  return (
    <Suspense fallback={null}>
      <RegisteredDialog {...props} />
    </Suspense>
  )
})
