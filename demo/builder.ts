// The demo data's builder: the products it sells and the rows of accounts, companies, orders, subscriptions, licenses
// and activations, made in memory relative to `now` (`seed.ts` says which, and inserts them).
import { DAY_MS, MONTHLY_TERM_DAYS } from '../protocol/shared/dates.js'
import type { Insertable } from 'kysely'
import { roundToCent } from '../protocol/shared/money.js'
import { planOf, productByGroup, type Plan } from '../config/catalog/index.js'
import type { ProductGroupCode, SeededIds } from '../service/db/ids.js'
import type {
  AccountTable,
  ActivationTable,
  CompanyDomainTable,
  CompanyPermissionTable,
  CompanyTable,
  CouponTable,
  LicenseTable,
  OrderTable,
  PaymentTable,
  SubscriptionTable,
} from '../service/db/schema.js'

/** A year is 365 days here; the month is §9's billing cycle. */
const PERIOD_DAYS = { month: MONTHLY_TERM_DAYS, year: 365 } as const
const CURRENCY = 'USD'

type Product = {
  name: string
  group: ProductGroupCode
  type: 'personal' | 'company'
  multiUser?: boolean
}

/** The product names the demo data uses (spec §3: names may contain Open Source, enterprise, personal, company). */
export const demoProducts = {
  bundlePersonal: { name: 'Wallaby.js + Quokka.js personal license', group: 'bundle', type: 'personal' },
  bundleCompany: { name: 'Wallaby.js + Quokka.js company license', group: 'bundle', type: 'company' },
  wallabyPersonal: { name: 'Wallaby.js personal license', group: 'wallaby', type: 'personal' },
  wallabyCompany: { name: 'Wallaby.js company license', group: 'wallaby', type: 'company' },
  wallabyEnterprise: { name: 'Wallaby.js enterprise license', group: 'wallaby', type: 'company', multiUser: true },
  wallabyOpenSource: { name: 'Wallaby.js Open Source license', group: 'wallaby', type: 'personal' },
  quokkaPersonal: { name: 'Quokka.js PRO personal license', group: 'quokka', type: 'personal' },
  quokkaCompany: { name: 'Quokka.js PRO company license', group: 'quokka', type: 'company' },
  /** The console-logging extension; the portal displays it as "Console Ninja PRO" (spec §3 display name). */
  consoleNinja: { name: 'Console Ninja', group: 'other', type: 'personal' },
  consoleNinjaCompany: { name: 'Console Ninja', group: 'other', type: 'company' },
} as const satisfies Record<string, Product>

/** The catalog's plan of a demo product (its sandbox id and list price): the demo data buys what the shop sells. */
function demoPlan(product: Product, billingPeriod: 'month' | 'year'): Plan {
  const sold = productByGroup(product.group)
  if (!sold) throw new Error(`The catalog sells no ${product.group} product`)
  return planOf(sold, product.type === 'company' ? 'organization' : 'personal', billingPeriod)
}

export type DemoRows = {
  accounts: Insertable<AccountTable>[]
  companies: Insertable<CompanyTable>[]
  company_permissions: Insertable<CompanyPermissionTable>[]
  orders: Insertable<OrderTable>[]
  subscriptions: Insertable<SubscriptionTable>[]
  licenses: Insertable<LicenseTable>[]
  payments: Insertable<PaymentTable>[]
  activations: Insertable<ActivationTable>[]
  coupons: Insertable<CouponTable>[]
  company_domains: Insertable<CompanyDomainTable>[]
}

type LicenseSpec = {
  product: Product
  owner: string
  companyId: string | null
  orderId: string
  count: number
  /** Expiration in days from now (negative: already expired). */
  expiresIn: number
  /** Assignees of the first licenses of the order, in key order; the rest stay unassigned. */
  assign?: readonly string[]
  trial?: boolean
  promotional?: boolean
  subscription?: { id: string; billingPeriod: 'month' | 'year' }
  /** Key numbers (1-based) of the licenses that lapse at term end. */
  lapsingKeys?: readonly number[]
  createdAt: number
}

type SubscriptionSpec = {
  product: Product
  owner: string
  companyId: string | null
  customer: { name: string; email: string }
  state: SubscriptionTable['state']
  billingPeriod: 'month' | 'year'
  quantity: number
  /** Licenses of the subscription (default: quantity); more than quantity when some lapse. */
  licenseCount?: number
  lapsingKeys?: readonly number[]
  assign?: readonly string[]
  /** License expiry (end of the paid term, plus any grace), days from now. */
  expiresIn: number
  /** Next payment, days from now; absent when auto-renew is off (paused, cancelled, will not renew). */
  nextPaymentIn?: number
  /** The latest successful payment, days ago; earlier payments go back one period each. */
  lastPaidDaysAgo: number
  payments: number
  method: { kind: 'card'; cardType: string; lastFour: string } | { kind: 'paypal' }
  specialOffer?: { message: string; currency: string; priceGross: number; country: string }
}

/** Builds the rows of one data set in memory; inserting them is a separate step so both seeds share one writer. */
export function createBuilder(now: number, ids: SeededIds) {
  const rows: DemoRows = {
    accounts: [],
    companies: [],
    company_permissions: [],
    orders: [],
    subscriptions: [],
    licenses: [],
    payments: [],
    activations: [],
    coupons: [],
    company_domains: [],
  }
  const at = (days: number) => now + Math.round(days * DAY_MS)
  const cardExpiry = `09/${new Date(now).getUTCFullYear() + 2}`
  const providerIds = new Set<string>()
  const providerSubscriptionId = () => {
    for (;;) {
      const id = String(ids.int(1_000_000, 9_999_999))
      if (!providerIds.has(id)) {
        providerIds.add(id)
        return id
      }
    }
  }

  function account(
    email: string,
    daysAgo: number,
    extra: Partial<Pick<AccountTable, 'admin' | 'logon_link' | 'github_id' | 'google_id'>> = {},
  ) {
    rows.accounts.push({
      email,
      admin: extra.admin ?? 0,
      logon_link: extra.logon_link ?? 'default',
      github_id: extra.github_id ?? null,
      google_id: extra.google_id ?? null,
      created_at: at(-daysAgo),
    })
  }

  function company(id: string, name: string, daysAgo: number) {
    rows.companies.push({ id, name, created_at: at(-daysAgo) })
    return id
  }

  function permission(
    companyId: string,
    email: string,
    permissions: 'ADMIN,RESELLER' | 'RESELLER' | 'ADMIN' | 'ASSIGN',
    daysAgo: number,
  ) {
    rows.company_permissions.push({ company_id: companyId, email, permissions, created_at: at(-daysAgo) })
  }

  function payment(p: { subscriptionId: string | null; orderId: string; date: number; amount: number }) {
    const id = ids.id('pay')
    const receiptUrl = `/sandbox/receipts/${id}`
    rows.payments.push({
      id,
      subscription_id: p.subscriptionId,
      order_id: p.orderId,
      date: p.date,
      currency: CURRENCY,
      amount: p.amount,
      receipt_url: receiptUrl,
    })
    return receiptUrl
  }

  /** An order: a paid one has a checkout id, payment and receipt; a free one (trial, Open Source, coupon) neither. */
  function order(o: {
    owner: string
    companyId: string | null
    customer: { name: string; email: string }
    amount: number
    daysAgo: number
    referrer?: string
    paidBySubscription?: boolean
  }) {
    const id = ids.orderId()
    const createdAt = at(-o.daysAgo)
    const paid = o.amount > 0
    const receiptUrl =
      paid && !o.paidBySubscription
        ? payment({ subscriptionId: null, orderId: id, date: createdAt, amount: o.amount })
        : null
    rows.orders.push({
      id,
      owner: o.owner,
      company_id: o.companyId,
      customer_name: o.customer.name,
      customer_email: o.customer.email,
      referrer: o.referrer ?? null,
      currency: CURRENCY,
      amount: o.amount,
      provider_checkout_id: paid ? ids.id('chk') : null,
      receipt_url: receiptUrl,
      created_at: createdAt,
    })
    return id
  }

  function licenses(spec: LicenseSpec): string[] {
    const created: string[] = []
    for (let key = 1; key <= spec.count; key++) {
      const id = ids.id('lic')
      rows.licenses.push({
        id,
        owner: spec.owner,
        company_id: spec.companyId,
        order_id: spec.orderId,
        license_key: ids.licenseKey(spec.product.group),
        key_number: key,
        product_name: spec.product.name,
        product_group: spec.product.group,
        license_type: spec.product.type,
        expiration: at(spec.expiresIn),
        assigned_to: spec.assign?.[key - 1] ?? '',
        is_multi_user: spec.product.multiUser ? 1 : 0,
        trial: spec.trial ? 1 : 0,
        promotional: spec.promotional ? 1 : 0,
        subscription_id: spec.subscription?.id ?? null,
        billing_period: spec.subscription?.billingPeriod ?? null,
        lapsing: spec.lapsingKeys?.includes(key) ? 1 : 0,
        created_at: spec.createdAt,
      })
      created.push(id)
    }
    return created
  }

  /** A licence purchase outside any subscription: one order and its licenses. */
  function purchase(p: {
    product: Product
    owner: string
    companyId: string | null
    customer: { name: string; email: string }
    count: number
    daysAgo: number
    expiresIn: number
    assign?: readonly string[]
    /** Price of the whole order; default the annual list price × count, 0 for trials and promotions. */
    amount?: number
    trial?: boolean
    promotional?: boolean
    referrer?: string
  }) {
    const free = p.trial || p.promotional
    const amount = p.amount ?? (free ? 0 : roundToCent(demoPlan(p.product, 'year').listPrice * p.count))
    const orderId = order({ ...p, amount })
    const licenseIds = licenses({ ...p, orderId, createdAt: at(-p.daysAgo) })
    return { orderId, licenseIds }
  }

  function subscription(s: SubscriptionSpec) {
    const id = ids.id('sub')
    const period = PERIOD_DAYS[s.billingPeriod]
    const plan = demoPlan(s.product, s.billingPeriod)
    const unitPrice = plan.listPrice
    const licenseCount = s.licenseCount ?? s.quantity
    const paymentDays = Array.from({ length: s.payments }, (_, i) => s.lastPaidDaysAgo + (s.payments - 1 - i) * period)
    const firstPaidDaysAgo = paymentDays[0]
    // Past payments charged every license the subscription had then (a decrease takes effect at the next cycle).
    const charged = roundToCent(unitPrice * licenseCount)
    const orderId = order({
      owner: s.owner,
      companyId: s.companyId,
      customer: s.customer,
      amount: charged,
      daysAgo: firstPaidDaysAgo,
      paidBySubscription: true,
    })
    const receipts = paymentDays.map((daysAgo) =>
      payment({ subscriptionId: id, orderId, date: at(-daysAgo), amount: charged }),
    )
    const orderRow = rows.orders[rows.orders.length - 1]
    orderRow.receipt_url = receipts[0]
    rows.subscriptions.push({
      id,
      owner: s.owner,
      company_id: s.companyId,
      state: s.state,
      product_name: s.product.name,
      product_group: s.product.group,
      plan_id: plan.key,
      billing_period: s.billingPeriod,
      quantity: s.quantity,
      next_payment_date: s.nextPaymentIn === undefined ? null : at(s.nextPaymentIn),
      next_payment_amount: s.nextPaymentIn === undefined ? null : roundToCent(unitPrice * s.quantity),
      currency: CURRENCY,
      unit_price: unitPrice,
      payment_method: s.method.kind,
      card_type: s.method.kind === 'card' ? s.method.cardType : null,
      last_four: s.method.kind === 'card' ? s.method.lastFour : null,
      card_expiry: s.method.kind === 'card' ? cardExpiry : null,
      update_url: `/sandbox/update-payment/${id}`,
      special_offer: s.specialOffer ? JSON.stringify(s.specialOffer) : null,
      pending_change: null,
      provider_subscription_id: providerSubscriptionId(),
      order_id: orderId,
      created_at: at(-firstPaidDaysAgo),
      updated_at: at(-s.lastPaidDaysAgo),
    })
    const licenseIds = licenses({
      product: s.product,
      owner: s.owner,
      companyId: s.companyId,
      orderId,
      count: licenseCount,
      expiresIn: s.expiresIn,
      assign: s.assign,
      subscription: { id, billingPeriod: s.billingPeriod },
      lapsingKeys: s.lapsingKeys,
      createdAt: at(-firstPaidDaysAgo),
    })
    return { subscriptionId: id, orderId, licenseIds }
  }

  /** Active since `daysAgo`, its editor's last check `seenDaysAgo` (a fraction for hours). */
  function activation(licenseId: string, hostname: string, daysAgo: number, seenDaysAgo = 0) {
    const id = ids.id('act')
    rows.activations.push({
      id,
      license_id: licenseId,
      hostname,
      status: 'active',
      requested_at: at(-daysAgo) - 5 * 60 * 1000,
      activation_time: at(-daysAgo),
      last_seen: at(-seenDaysAgo),
    })
    return id
  }

  function coupon(c: Insertable<CouponTable>) {
    rows.coupons.push(c)
  }

  return { rows, at, account, company, permission, order, licenses, purchase, subscription, activation, coupon }
}

export type DemoBuilder = ReturnType<typeof createBuilder>

/** The payment methods the demo's subscriptions were paid with. */
export const demoCards = {
  visa: { kind: 'card', cardType: 'visa', lastFour: '4242' },
  mastercard: { kind: 'card', cardType: 'master', lastFour: '5454' },
  paypal: { kind: 'paypal' },
} as const
