import { useNavigation } from '@remix-run/react'
import { lazy, memo, Suspense, useEffect, type ComponentProps } from 'react'
import type { RegisteredDialog as Registered } from './dialogs'

const loadDialogs = () => import('./dialogs')
const RegisteredDialog = lazy(() => loadDialogs().then((module) => ({ default: module.RegisteredDialog })))

/** The registry chunk once the page is idle; a dialog's chunk as soon as a link heads for it, beside its data. */
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
