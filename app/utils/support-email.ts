import { useRouteLoaderData } from '@remix-run/react'

/** From the root loader, read without its types so no component imports the root route back. */
export function useSupportEmail(): string {
  const data = useRouteLoaderData('root') as { supportEmail?: unknown } | undefined
  return typeof data?.supportEmail === 'string' ? data.supportEmail : 'the address on the Contact page'
}

/** The sales team's address (SALES_EMAIL), for what the shop does not sell. */
export function useSalesEmail(): string {
  const data = useRouteLoaderData('root') as { salesEmail?: unknown } | undefined
  return typeof data?.salesEmail === 'string' ? data.salesEmail : ''
}
