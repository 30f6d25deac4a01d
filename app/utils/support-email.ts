import { useRouteLoaderData } from '@remix-run/react'

/** From the root loader, read without its types so no component imports the root route back. */
export function useSupportEmail(): string {
  const data = useRouteLoaderData('root') as { supportEmail?: unknown } | undefined
  return typeof data?.supportEmail === 'string' ? data.supportEmail : 'the address on the Contact page'
}
