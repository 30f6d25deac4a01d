import { afterAll, describe, expect, it } from 'vitest'
import { removeDataDir } from './account-stub'

// The support and sales addresses are configuration (SUPPORT_EMAIL, SALES_EMAIL): the root loader hands them to every
// page, and the Contact page shows support's. Set before the portal's modules read the configuration.
process.env.SUPPORT_EMAIL = 'help@vendor.example'
process.env.SALES_EMAIL = 'quotes@vendor.example'
const { loader: rootLoader } = await import('#app/root')
const { loader: contactLoader } = await import('#app/routes/contact')

afterAll(removeDataDir)

describe('SUPPORT_EMAIL', () => {
  it('reaches every page through the root loader', async () => {
    const response = await rootLoader({ request: new Request('http://portal.test/'), params: {}, context: {} })
    expect(((await response.json()) as { supportEmail: string }).supportEmail).toBe('help@vendor.example')
  })

  it('SALES_EMAIL reaches every page the same way (renewals through sales, more seats for the seat queue)', async () => {
    const response = await rootLoader({ request: new Request('http://portal.test/'), params: {}, context: {} })
    expect(((await response.json()) as { salesEmail: string }).salesEmail).toBe('quotes@vendor.example')
  })

  it('is the address the Contact page shows', async () => {
    const response = await contactLoader()
    expect(await response.json()).toEqual({ supportEmail: 'help@vendor.example' })
  })
})
