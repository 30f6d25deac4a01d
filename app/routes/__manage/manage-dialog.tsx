import { lazy, memo, Suspense } from 'react'
import type { DialogProps } from '#app/routes/__manage/dialogs'

/**
 * The dialogs' components, and the form libraries they use, are a chunk of their own: the plain page does not load
 * them. Without script the server renders the open dialog inline (entry.server.tsx waits for the whole document when
 * the URL names a dialog); with script React keeps that server-rendered dialog until the chunk has loaded, and a
 * dialog opened by a client-side navigation appears once it has (the first time only; then it is at hand).
 */
const RegisteredDialog = lazy(() =>
  import('#app/routes/__manage/dialogs').then((module) => ({ default: module.RegisteredDialog })),
)

/**
 * The open /manage dialog. Memoised: a server-rendered dialog that is still waiting for its chunk is kept only while
 * nothing re-renders it with new props.
 */
export const ManageDialog = memo(function ManageDialog(props: DialogProps & { name: string }) {
  return (
    <Suspense fallback={null}>
      <RegisteredDialog {...props} />
    </Suspense>
  )
})
