// A product's pages in the shop, spelled once for every page, mail and test that links to one.
export type ShopPage = 'buy' | 'redeem' | 'faq'

/** `/shop/wallaby/buy/`, and `?search` when there is one. */
export function shopPath(slug: string, page: ShopPage = 'buy', search: URLSearchParams | string = ''): string {
  const query = String(search)
  return `/shop/${slug}/${page}/${query ? `?${query}` : ''}`
}
