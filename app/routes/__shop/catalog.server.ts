import type { AppLoadContext } from '@remix-run/node'
import type { Result } from '#protocol/operations'
import { callLicensing } from '#app/utils/licensing.server'

export type Catalog = Result<'catalog'>
export type CatalogProduct = Catalog['products'][number]

/** A 503 when the service cannot give it: the page cannot work. */
export async function loadCatalog(context: AppLoadContext): Promise<Catalog> {
  const answer = await callLicensing('catalog', {}, { context })
  if (!answer.ok) throw new Response('The shop is not available right now.', { status: 503 })
  return answer.result
}

export function requireProduct(catalog: Catalog, slug: string | undefined): CatalogProduct {
  const product = catalog.products.find((p) => p.slug === slug)
  if (!product) throw new Response('No such product.', { status: 404 })
  return product
}
