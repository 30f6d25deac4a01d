// pat: a personal holder with a license of every kind and subscriptions (the README's first account).
import { demoProducts, type DemoBuilder } from './builder.js'

export function patData(b: DemoBuilder) {
  const pat = 'pat@personal.test'
  const patCustomer = { name: 'Pat Personal', email: pat }
  b.account(pat, 900)
  const patBundle = b.purchase({
    product: demoProducts.bundlePersonal,
    owner: pat,
    companyId: null,
    customer: patCustomer,
    count: 1,
    daysAgo: 165,
    expiresIn: 200,
  })
  const patExpiringSoon = b.purchase({
    product: demoProducts.wallabyPersonal,
    owner: pat,
    companyId: null,
    customer: patCustomer,
    count: 1,
    daysAgo: 345,
    expiresIn: 20,
  })
  const patExpiredRecently = b.purchase({
    product: demoProducts.quokkaPersonal,
    owner: pat,
    companyId: null,
    customer: patCustomer,
    count: 1,
    daysAgo: 375,
    expiresIn: -10,
  })
  const patExpiredLongAgo = b.purchase({
    product: demoProducts.wallabyPersonal,
    owner: pat,
    companyId: null,
    customer: patCustomer,
    count: 1,
    daysAgo: 765,
    expiresIn: -400,
  })
  const patOpenSource = b.purchase({
    product: demoProducts.wallabyOpenSource,
    owner: pat,
    companyId: null,
    customer: patCustomer,
    count: 1,
    daysAgo: 65,
    expiresIn: 300,
    amount: 0,
  })
  const patTrial = b.purchase({
    product: demoProducts.consoleNinja,
    owner: pat,
    companyId: null,
    customer: patCustomer,
    count: 1,
    daysAgo: 0,
    expiresIn: 14,
    trial: true,
  })
  const patMonthly = b.subscription({
    product: demoProducts.quokkaPersonal,
    owner: pat,
    companyId: null,
    customer: patCustomer,
    state: 'active',
    billingPeriod: 'month',
    quantity: 1,
    expiresIn: 12,
    nextPaymentIn: 12,
    lastPaidDaysAgo: 18,
    payments: 3,
    method: { kind: 'card', cardType: 'visa', lastFour: '4242' },
  })
  // The bundle license is in use on three machines: a fourth activation hits the limit of 3 (spec §9).
  const patActivations = [
    b.activation(patBundle.licenseIds[0], 'pat-laptop', 160, 0.1),
    b.activation(patBundle.licenseIds[0], 'pat-desktop', 120, 3),
    b.activation(patBundle.licenseIds[0], 'build-server', 30, 12),
  ]
  return {
    pat,
    patCustomer,
    patBundle,
    patExpiringSoon,
    patExpiredRecently,
    patExpiredLongAgo,
    patOpenSource,
    patTrial,
    patMonthly,
    patActivations,
  }
}
