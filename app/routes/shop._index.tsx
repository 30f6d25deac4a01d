import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link as RemixLink, useLoaderData } from '@remix-run/react'
import { Card, Container, Flex, Heading, Link, Text } from '#app/components/themes'
import { ShopErrorBoundary } from '#app/components/shop/shop-error'
import { loadCatalog } from './__shop/catalog.server'
import { referrerCookieHeader } from './__shop/referrer.server'
import type { FrameHandle } from '#app/root'
import { shopPath } from '#protocol/catalog/paths'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const catalog = await loadCatalog(context)
  const headers = new Headers()
  const referrer = await referrerCookieHeader(request)
  if (referrer) headers.append('Set-Cookie', referrer)
  return json({ products: catalog.products.map(({ slug, name }) => ({ slug, name })) }, { headers })
}

/** Links alone: nothing to do in the browser (decision 20). */
export const handle: FrameHandle = { scripts: false }

/** The shop's catalog: every product with its buy, redeem and FAQ pages. */
export default function Shop() {
  const { products } = useLoaderData<typeof loader>()
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Shop
      </Heading>
      <Text as="p" size="3" mb="5" color="gray">
        Buy a subscription for yourself or your organization, or redeem a coupon.
      </Text>
      <Flex direction="column" gap="4" asChild>
        <ul className="shop-plain-list" aria-label="Products">
          {products.map((product) => (
            <li key={product.slug}>
              <Card size="3">
                <Heading as="h2" size="5" mb="3">
                  {product.name}
                </Heading>
                <Flex gap="4" wrap="wrap">
                  <Link asChild size="3" underline="always">
                    <RemixLink to={shopPath(product.slug)}>
                      Buy<span className="visually-hidden"> {product.name}</span>
                    </RemixLink>
                  </Link>
                  <Link asChild size="3" underline="always">
                    <RemixLink to={shopPath(product.slug, 'redeem')}>
                      Redeem a coupon<span className="visually-hidden"> for {product.name}</span>
                    </RemixLink>
                  </Link>
                  <Link asChild size="3" underline="always">
                    <RemixLink to={shopPath(product.slug, 'faq')}>
                      <span className="visually-hidden">{product.name} </span>FAQ
                    </RemixLink>
                  </Link>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    </Container>
  )
}

export const meta: MetaFunction = () => [{ title: 'Shop | License Portal' }]

export const ErrorBoundary = ShopErrorBoundary
