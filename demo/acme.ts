// Acme Corp: olivia administers, max manages; purchases and a subscription in every state.
import { demoCards, demoProducts, type DemoBuilder } from './builder.js'
import { demoVerifiedDomain } from './identity.js'

export function acmeData(b: DemoBuilder) {
  const olivia = 'olivia@acme.test'
  const max = 'max@acme.test'
  const acme = b.company('acme', 'Acme Corp', 820)
  const acmeCustomer = { name: 'Acme Corp', email: olivia }
  b.account(olivia, 820)
  b.account(max, 400)
  b.permission(acme, olivia, 'ADMIN', 820)
  b.permission(acme, max, 'ASSIGN', 400)
  b.rows.company_domains.push(demoVerifiedDomain(acme, 'acme.test', olivia, b.at))
  const dev = (n: number) => `dev${n}@acme.test`
  const acmeCompany = { owner: acme, companyId: acme, customer: acmeCustomer }

  const acmeBundle = b.purchase({
    ...acmeCompany,
    product: demoProducts.bundleCompany,
    count: 10,
    daysAgo: 300,
    expiresIn: 65,
    assign: [dev(1), dev(2), dev(3), dev(4), dev(5), dev(6)],
  })
  const acmeWallaby = b.purchase({
    ...acmeCompany,
    product: demoProducts.wallabyCompany,
    count: 8,
    daysAgo: 200,
    expiresIn: 165,
    assign: [dev(7), dev(8), dev(9), dev(10)],
  })
  const acmeQuokka = b.purchase({
    ...acmeCompany,
    product: demoProducts.quokkaCompany,
    count: 6,
    daysAgo: 150,
    expiresIn: 215,
    assign: [dev(1), dev(2), dev(3)],
  })
  const acmeWallabyExpiredRecently = b.purchase({
    ...acmeCompany,
    product: demoProducts.wallabyCompany,
    count: 4,
    daysAgo: 420,
    expiresIn: -55,
    assign: ['former1@acme.test', 'former2@acme.test'],
  })
  const acmeQuokkaExpiredLongAgo = b.purchase({
    ...acmeCompany,
    product: demoProducts.quokkaCompany,
    count: 2,
    daysAgo: 800,
    expiresIn: -435,
  })
  const acmeEnterprise = b.purchase({
    ...acmeCompany,
    product: demoProducts.wallabyEnterprise,
    count: 1,
    daysAgo: 100,
    expiresIn: 265,
    amount: 2900,
  })
  const acmeConsoleNinja = b.purchase({
    ...acmeCompany,
    product: demoProducts.consoleNinjaCompany,
    count: 2,
    daysAgo: 245,
    expiresIn: 120,
    assign: [dev(4)],
  })

  const acmeActiveRenewing = b.subscription({
    ...acmeCompany,
    product: demoProducts.bundleCompany,
    state: 'active',
    billingPeriod: 'year',
    quantity: 5,
    assign: [dev(11), dev(12), dev(13)],
    expiresIn: 120,
    nextPaymentIn: 120,
    lastPaidDaysAgo: 245,
    payments: 2,
    method: demoCards.visa,
  })
  const acmeActiveNotRenewing = b.subscription({
    ...acmeCompany,
    product: demoProducts.wallabyCompany,
    state: 'active',
    billingPeriod: 'year',
    quantity: 2,
    assign: [dev(14)],
    expiresIn: 40,
    lastPaidDaysAgo: 325,
    payments: 2,
    method: demoCards.paypal,
  })
  const acmePaused = b.subscription({
    ...acmeCompany,
    product: demoProducts.quokkaCompany,
    state: 'paused',
    billingPeriod: 'year',
    quantity: 2,
    assign: [dev(15)],
    expiresIn: 90,
    lastPaidDaysAgo: 275,
    payments: 2,
    method: demoCards.mastercard,
  })
  // The renewal 3 days ago failed; the provider retries in 2 days, and the licenses run on a short grace.
  const acmePastDue = b.subscription({
    ...acmeCompany,
    product: demoProducts.wallabyCompany,
    state: 'pastDue',
    billingPeriod: 'year',
    quantity: 3,
    assign: [dev(16), dev(17)],
    expiresIn: 5,
    nextPaymentIn: 2,
    lastPaidDaysAgo: 368,
    payments: 2,
    method: { kind: 'card', cardType: 'visa', lastFour: '0341' },
  })
  const acmeDeletedExpired = b.subscription({
    ...acmeCompany,
    product: demoProducts.quokkaCompany,
    state: 'deleted',
    billingPeriod: 'year',
    quantity: 2,
    expiresIn: -30,
    lastPaidDaysAgo: 395,
    payments: 3,
    method: demoCards.visa,
  })
  const acmeDeletedActive = b.subscription({
    ...acmeCompany,
    product: demoProducts.wallabyCompany,
    state: 'deleted',
    billingPeriod: 'year',
    quantity: 1,
    assign: [dev(18)],
    expiresIn: 100,
    lastPaidDaysAgo: 265,
    payments: 2,
    method: demoCards.paypal,
  })
  const acmeSpecialOffer = b.subscription({
    ...acmeCompany,
    product: demoProducts.wallabyCompany,
    state: 'active',
    billingPeriod: 'year',
    quantity: 1,
    assign: [dev(19)],
    expiresIn: 25,
    nextPaymentIn: 25,
    lastPaidDaysAgo: 340,
    payments: 3,
    method: demoCards.visa,
    specialOffer: { message: 'Extend for 12 months at 20% off', currency: 'USD', priceGross: 92.8, country: 'US' },
  })
  // Reduced from 4 to 3 licenses: the contractor's license lapses at term end.
  const acmeLapsing = b.subscription({
    ...acmeCompany,
    product: demoProducts.bundleCompany,
    state: 'active',
    billingPeriod: 'year',
    quantity: 3,
    licenseCount: 4,
    lapsingKeys: [4],
    assign: [dev(20), dev(21), '', 'contractor@acme.test'],
    expiresIn: 200,
    nextPaymentIn: 200,
    lastPaidDaysAgo: 165,
    payments: 2,
    method: demoCards.mastercard,
  })
  const acmeMonthly = b.subscription({
    ...acmeCompany,
    product: demoProducts.quokkaCompany,
    state: 'active',
    billingPeriod: 'month',
    quantity: 2,
    assign: [dev(22)],
    expiresIn: 18,
    nextPaymentIn: 18,
    lastPaidDaysAgo: 12,
    payments: 3,
    method: demoCards.visa,
  })
  return {
    olivia,
    max,
    acme,
    acmeCustomer,
    dev,
    acmeCompany,
    acmeBundle,
    acmeWallaby,
    acmeQuokka,
    acmeWallabyExpiredRecently,
    acmeQuokkaExpiredLongAgo,
    acmeEnterprise,
    acmeConsoleNinja,
    acmeActiveRenewing,
    acmeActiveNotRenewing,
    acmePaused,
    acmePastDue,
    acmeDeletedExpired,
    acmeDeletedActive,
    acmeSpecialOffer,
    acmeLapsing,
    acmeMonthly,
  }
}
