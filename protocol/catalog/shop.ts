// The shop's calls (spec §7 "Other calls"; also served at their own /api paths).
import * as z from 'zod/mini'
import { CheckoutPassthrough, CouponStatus, Country, PricePlan, ProductGroup, RedeemResult } from '../entities.js'
import { Id } from '../shared/limits.js'
import { Quantity } from '../subscriptions/quantity.js'
import { typedLine } from '../shared/text.js'
import { Email, emptyPayload as empty } from '../shared/payloads.js'

export const shopOperations = {
  prices: {
    reads: true,
    payload: z.object({
      product: z.string().check(z.minLength(1), z.maxLength(100)),
      coupon: z.optional(z.string().check(z.maxLength(100))),
      country: z.optional(z.string().check(z.length(2))),
    }),
    result: z.object({ country: z.string(), plans: z.array(PricePlan) }),
  },
  activeSubscriptionCheck: {
    reads: true,
    payload: z.object({
      email: Email,
      dev: z.optional(z.boolean()),
      /** The product being bought: only a subscription to it counts (without it, any). */
      product: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    }),
    result: z.object({
      exists: z.boolean(),
      /** The subscription found, told only to a caller signed in with that address. */
      subscription: z.optional(
        z.object({
          id: z.string(),
          productName: z.string(),
          billingPeriod: z.enum(['month', 'year']),
          quantity: z.int(),
        }),
      ),
    }),
  },
  /** The signed-in caller as a buyer: the address, and the name of their newest personal order (or empty). */
  shopBuyer: { reads: true, payload: empty, result: z.object({ email: z.string(), name: z.string() }) },
  createSubscriptionOnCheckout: {
    reads: true,
    payload: z.object({
      checkoutId: Id,
      dev: z.optional(z.boolean()),
      passthrough: z.string().check(z.maxLength(2000)),
    }),
    result: z.object({
      immediatelyAvailable: z.boolean(),
      state: z.optional(z.enum(['complete', 'flagged', 'failed', 'pending'])),
      /** Why a failed checkout failed, in the payment provider's words, when it gave a reason. */
      reason: z.optional(z.string().check(z.maxLength(300))),
    }),
  },
  coupon: {
    payload: z.discriminatedUnion('type', [
      z.object({
        type: z.literal('query'),
        product: z.string().check(z.minLength(1), z.maxLength(100)),
        coupon: z.string().check(z.minLength(1), z.maxLength(100)),
        dev: z.optional(z.boolean()),
      }),
      z.object({
        type: z.literal('use'),
        product: z.string().check(z.minLength(1), z.maxLength(100)),
        coupon: z.string().check(z.minLength(1), z.maxLength(100)),
        email: Email,
        name: typedLine(200, 1),
        dev: z.optional(z.boolean()),
      }),
    ]),
    result: z.object({ status: z.union([CouponStatus, RedeemResult]), months: z.optional(z.int()) }),
  },
  /** The shop's catalog (public): products, URL slugs, spec §3's countries, how to open the checkout frame. */
  catalog: {
    reads: true,
    payload: empty,
    result: z.object({
      products: z.array(
        z.object({
          slug: z.string(),
          name: z.string(),
          productGroup: ProductGroup,
          /** §9 built-in plans (the catalog's list prices, no tax or discount): what a failed price lookup shows. */
          defaultPlans: z.array(PricePlan),
        }),
      ),
      countries: z.array(Country),
      currencySymbols: z.record(z.string(), z.string()),
      checkout: z.discriminatedUnion('provider', [
        z.object({ provider: z.literal('sandbox'), checkoutUrl: z.string() }),
        z.object({
          provider: z.literal('paddle'),
          vendorId: z.int(),
          environment: z.enum(['production', 'sandbox']),
        }),
      ]),
    }),
  },
  /** Without script: the provider's hosted checkout for the same purchase the inline frame would make. */
  hostedCheckout: {
    payload: z.object({
      product: z.string().check(z.minLength(1), z.maxLength(100)),
      planId: z.string().check(z.minLength(1), z.maxLength(100)),
      email: Email,
      country: z.string().check(z.length(2)),
      postcode: z.optional(z.string().check(z.maxLength(20))),
      quantity: Quantity,
      passthrough: CheckoutPassthrough,
      coupon: z.optional(z.string().check(z.maxLength(100))),
      returnUrl: z.url().check(z.maxLength(2000)),
      /** A New Subscription for this company of the signed-in caller (see `companyCheckout`); organization plans only. */
      companyId: z.optional(Id),
    }),
    result: z.object({ url: z.string() }),
  },
  /** New Subscription for a company (spec §5/§7): FORBIDDEN unless the caller may purchase; a signed passthrough. */
  companyCheckout: {
    reads: true,
    payload: z.object({ companyId: Id, passthrough: CheckoutPassthrough }),
    result: z.object({ company: z.object({ id: z.string(), name: z.string() }), passthrough: z.string() }),
  },
} as const
