import { useRouteLoaderData } from '@remix-run/react'

/**
 * The support address (SUPPORT_EMAIL), which the root loader hands every page. Read without the root module's types,
 * so that no component imports the root route back. Only a page whose root loader failed has none: it is then told
 * where to look instead.
 */
export function useSupportEmail(): string {
  const data = useRouteLoaderData('root') as { supportEmail?: unknown } | undefined
  return typeof data?.supportEmail === 'string' ? data.supportEmail : 'the address on the Contact page'
}
