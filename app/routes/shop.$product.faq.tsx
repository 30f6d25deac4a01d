import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link as RemixLink, useLoaderData } from '@remix-run/react'
import { Box, Container, Flex, Heading, Link } from '#app/components/themes'
import { CrossPromotion, FaqAccordions } from '#app/content/faq'
import { ShopErrorBoundary } from '#app/components/shop/shop-error'
import { loadCatalog, requireProduct } from './__shop/catalog.server'
import type { FrameHandle } from '#app/root'
import { shopPath } from '#protocol/catalog/paths'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const catalog = await loadCatalog(context)
  const product = requireProduct(catalog, params.product)
  return json({
    product: { slug: product.slug, name: product.name },
    products: catalog.products.map(({ slug, name }) => ({ slug, name })),
  })
}

/** Spec §2 FAQ page. */
export default function ProductFaq() {
  const { product, products } = useLoaderData<typeof loader>()
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="3">
        {product.name} FAQ
      </Heading>
      <Flex gap="4" wrap="wrap" mb="6">
        <Link asChild underline="always">
          <RemixLink to={shopPath(product.slug)}>Buy {product.name}</RemixLink>
        </Link>
        <Link asChild underline="always">
          <RemixLink to={shopPath(product.slug, 'redeem')}>Redeem a coupon</RemixLink>
        </Link>
      </Flex>
      <FaqAccordions product={product} headingId="faq-heading" />
      <Box mt="8">
        <CrossPromotion products={products} current={product.slug} />
      </Box>
    </Container>
  )
}

/** Nothing to do in the browser: the answers are `<details>` (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.name} FAQ | License Portal` : 'FAQ | License Portal' },
]

export const ErrorBoundary = ShopErrorBoundary
