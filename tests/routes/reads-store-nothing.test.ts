// A page's loader reads: visiting it, however often and by whomever, keeps nothing in the licensing store (no
// idempotency key reserved, no answer kept). The portal's loaders run against the real service in process, which is
// handed the idempotency key the portal sends, as server.ts wires it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppLoadContext } from '@remix-run/node'
import { createPaymentsTestService, type TestService } from '../support/payments.js'
import { keptIdempotencyKeys, signInAs } from '../support/service.js'
import { cookieFrom, removeDataDir, settle } from './account-stub'

const redeemPage = await import('#app/routes/shop.$product.redeem.($coupon)')
const buyPage = await import('#app/routes/shop.$product.buy')
const { createUserSession } = await import('#app/utils/session.server')

let service: TestService
let context: AppLoadContext

beforeAll(async () => {
  service = await createPaymentsTestService()
  context = {
    licensing: {
      call: (request: unknown, credential?: string, key?: string) => service.call(request, credential, key),
    },
  }
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

const keptKeys = () => keptIdempotencyKeys(service)

const visit = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { Cookie: cookie } : {} })

describe('visiting a page keeps nothing', () => {
  it('each anonymous visit of a redeem page stores nothing', async () => {
    for (let i = 0; i < 3; i++) {
      const page = await settle(
        redeemPage.loader({
          request: visit('http://portal.test/shop/console-ninja/redeem/FREEYEAR'),
          params: { product: 'console-ninja', coupon: 'FREEYEAR' },
          context,
        }),
      )
      expect(await page.json()).toMatchObject({ kind: 'active', coupon: 'FREEYEAR' })
    }
    expect(await keptKeys()).toBe(0)
  })

  it('a company’s New Subscription page and a checkout’s outcome page store nothing', async () => {
    const email = 'olivia@acme.test'
    const credential = await signInAs(service, email)
    const cookie = cookieFrom(
      await createUserSession(new Request('http://portal.test/'), { email, admin: false, credential }, '/manage'),
    )
    for (let i = 0; i < 3; i++) {
      const company = await settle(
        buyPage.loader({
          request: visit('http://portal.test/shop/wallaby/buy/?company=acme', cookie),
          params: { product: 'wallaby' },
          context,
        }),
      )
      expect(await company.json()).toMatchObject({ kind: 'purchase', company: { id: 'acme' } })
      const outcome = await settle(
        buyPage.loader({
          request: visit('http://portal.test/shop/wallaby/buy/?checkout=chk_nothing_here'),
          params: { product: 'wallaby' },
          context,
        }),
      )
      expect(await outcome.json()).toMatchObject({ kind: 'outcome' })
    }
    expect(await keptKeys()).toBe(0)
  })
})
