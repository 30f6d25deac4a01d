// The platform administrator (root, with Vendor Labs), the OAuth-linked accounts and the shop's coupons.
import { demoProducts, type DemoBuilder } from './builder.js'

export function vendorData(b: DemoBuilder) {
  const root = 'root@vendor.test'
  const rootCustomer = { name: 'Root Vendor', email: root }
  b.account(root, 1000, { admin: 1 })
  const rootWallaby = b.purchase({
    product: demoProducts.wallabyPersonal,
    owner: root,
    companyId: null,
    customer: rootCustomer,
    count: 1,
    daysAgo: 115,
    expiresIn: 250,
  })
  const rootQuokka = b.purchase({
    product: demoProducts.quokkaPersonal,
    owner: root,
    companyId: null,
    customer: rootCustomer,
    count: 1,
    daysAgo: 115,
    expiresIn: 250,
  })
  const vendorLabs = b.company('vendor-labs', 'Vendor Labs', 700)
  b.permission(vendorLabs, root, 'ADMIN', 700)
  const vendorLabsCompany = { owner: vendorLabs, companyId: vendorLabs, customer: { name: 'Vendor Labs', email: root } }
  const vendorLabsWallaby = b.purchase({
    ...vendorLabsCompany,
    product: demoProducts.wallabyCompany,
    count: 2,
    daysAgo: 265,
    expiresIn: 100,
    assign: ['qa@vendor.test'],
  })
  const vendorLabsQuokka = b.purchase({
    ...vendorLabsCompany,
    product: demoProducts.quokkaCompany,
    count: 1,
    daysAgo: 265,
    expiresIn: 100,
  })

  const gita = 'gita@github.test'
  b.account(gita, 300, { github_id: 'gh-1001' })
  const gitaWallaby = b.purchase({
    product: demoProducts.wallabyPersonal,
    owner: gita,
    companyId: null,
    customer: { name: 'Gita Hub', email: gita },
    count: 1,
    daysAgo: 185,
    expiresIn: 180,
  })
  const gary = 'gary@google.test'
  b.account(gary, 200, { google_id: 'go-2001', logon_link: 'always' })
  // Gary's license came from redeeming USEDCOUPON 30 days ago (12 months).
  const garyPromotional = b.purchase({
    product: demoProducts.consoleNinja,
    owner: gary,
    companyId: null,
    customer: { name: 'Gary Google', email: gary },
    count: 1,
    daysAgo: 30,
    expiresIn: 335,
    promotional: true,
  })

  // ---------------------------------------------------------------- coupons (spec §4: active, expired, invalid, redeemed)
  // There is deliberately no row for NOSUCHCOUPON: that is the invalid example ("This coupon does not exist.").
  b.coupon({
    code: 'FREEMONTH',
    product: 'console-ninja',
    months: 1,
    expires_at: b.at(180),
    redeemed_by: null,
    redeemed_at: null,
    created_at: b.at(-30),
  })
  b.coupon({
    code: 'FREEYEAR',
    product: 'console-ninja',
    months: 12,
    expires_at: null,
    redeemed_by: null,
    redeemed_at: null,
    created_at: b.at(-30),
  })
  b.coupon({
    code: 'EXPIRED2025',
    product: 'console-ninja',
    months: 12,
    expires_at: b.at(-30),
    redeemed_by: null,
    redeemed_at: null,
    created_at: b.at(-400),
  })
  b.coupon({
    code: 'USEDCOUPON',
    product: 'console-ninja',
    months: 12,
    expires_at: null,
    redeemed_by: gary,
    redeemed_at: b.at(-30),
    created_at: b.at(-90),
  })
  return {
    root,
    rootCustomer,
    rootWallaby,
    rootQuokka,
    vendorLabs,
    vendorLabsCompany,
    vendorLabsWallaby,
    vendorLabsQuokka,
    gita,
    gitaWallaby,
    gary,
    garyPromotional,
  }
}
