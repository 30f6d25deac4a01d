// Where the people waiting for a seat get one: the shop where it sells the product, sales where it does not.
import type { DirectoryProduct } from '#protocol/directory/directory'
import { countOf } from '#protocol/shared/words'
import { salesMailto } from '../shared/sales'
import { shopPath } from '#protocol/catalog/paths'

export type MoreSeats = { kind: 'buy'; href: string } | { kind: 'sales'; href: string }

export function moreSeats(
  product: Pick<DirectoryProduct, 'name' | 'shopSlug'> & { waiting: number },
  company: { id: string; name: string },
  email: string,
  salesEmail: string,
): MoreSeats {
  if (product.shopSlug) {
    const search = new URLSearchParams({ type: 'company', email, company: company.id })
    return { kind: 'buy', href: shopPath(product.shopSlug, 'buy', search) }
  }
  const waiting = `${countOf(product.waiting, 'person', 'people')} ${product.waiting === 1 ? 'is' : 'are'} waiting`
  return {
    kind: 'sales',
    href: salesMailto(
      salesEmail,
      `More seats of ${product.name} for ${company.name}`,
      `Please send me a quote for more seats of ${product.name} for ${company.name} (${waiting} for one).\n`,
    ),
  }
}
