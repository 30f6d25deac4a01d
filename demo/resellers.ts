// Globex and Initech, administered by a reseller (rita, ray) and Globex's own administrator (carl).
import { demoCards, demoProducts, type DemoBuilder } from './builder.js'

export function resellerData(b: DemoBuilder) {
  const rita = 'rita@reseller.test'
  const ray = 'ray@reseller.test'
  const carl = 'carl@globex.test'
  const globex = b.company('globex', 'Globex', 500)
  const initech = b.company('initech', 'Initech', 380)
  b.account(rita, 600)
  b.account(ray, 450)
  b.account(carl, 500)
  b.permission(globex, rita, 'ADMIN,RESELLER', 500)
  b.permission(globex, ray, 'RESELLER', 450)
  b.permission(globex, carl, 'ADMIN', 500)
  b.permission(initech, rita, 'ADMIN,RESELLER', 380)
  const resellerReferrer = 'https://reseller.test/'
  const globexCompany = { owner: globex, companyId: globex, customer: { name: 'Globex', email: rita } }
  const initechCompany = { owner: initech, companyId: initech, customer: { name: 'Initech', email: rita } }
  const globexWallaby = b.purchase({
    ...globexCompany,
    product: demoProducts.wallabyCompany,
    count: 3,
    daysAgo: 215,
    expiresIn: 150,
    assign: ['dev1@globex.test', 'dev2@globex.test'],
    referrer: resellerReferrer,
  })
  const globexQuokka = b.purchase({
    ...globexCompany,
    product: demoProducts.quokkaCompany,
    count: 2,
    daysAgo: 335,
    expiresIn: 30,
    assign: [carl],
    referrer: resellerReferrer,
  })
  const globexAnnual = b.subscription({
    ...globexCompany,
    product: demoProducts.bundleCompany,
    state: 'active',
    billingPeriod: 'year',
    quantity: 2,
    assign: ['dev3@globex.test'],
    expiresIn: 150,
    nextPaymentIn: 150,
    lastPaidDaysAgo: 215,
    payments: 2,
    method: demoCards.visa,
  })
  const initechBundle = b.purchase({
    ...initechCompany,
    product: demoProducts.bundleCompany,
    count: 4,
    daysAgo: 285,
    expiresIn: 80,
    assign: ['peter@initech.test'],
    referrer: resellerReferrer,
  })
  const initechMonthly = b.subscription({
    ...initechCompany,
    product: demoProducts.wallabyCompany,
    state: 'active',
    billingPeriod: 'month',
    quantity: 1,
    assign: ['milton@initech.test'],
    expiresIn: 9,
    nextPaymentIn: 9,
    lastPaidDaysAgo: 21,
    payments: 3,
    method: demoCards.paypal,
  })
  return {
    rita,
    ray,
    carl,
    globex,
    initech,
    resellerReferrer,
    globexCompany,
    initechCompany,
    globexWallaby,
    globexQuokka,
    globexAnnual,
    initechBundle,
    initechMonthly,
  }
}
