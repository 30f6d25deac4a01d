import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Container } from '#app/components/themes'
import type { FrameHandle } from '#app/root'
import { CrossPromotion } from '#app/content/faq'
import { ShopErrorBoundary } from '#app/components/shop/shop-error'
import { loadCatalog } from './__shop/catalog.server'

/** Spec §2: only the cross-promotion section of the FAQ, without the site's header and footer; links alone, no script. */
export const handle: FrameHandle = { frame: { header: false, footer: false }, scripts: false }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const catalog = await loadCatalog(context)
  // `?product=` leaves that product out (the one the preview is shown for); unknown values are ignored.
  const current = new URL(request.url).searchParams.get('product') ?? undefined
  return json({
    products: catalog.products.map(({ slug, name }) => ({ slug, name })),
    current: catalog.products.some((p) => p.slug === current) ? current : undefined,
  })
}

export default function UpsellPreview() {
  const { products, current } = useLoaderData<typeof loader>()
  return (
    <Container size="3" px="4" py="5">
      <h1 className="visually-hidden">Our other products</h1>
      <CrossPromotion products={products} current={current} linkTarget="_top" />
    </Container>
  )
}

export const meta: MetaFunction = () => [{ title: 'Our other products | License Portal' }]

export const ErrorBoundary = ShopErrorBoundary
