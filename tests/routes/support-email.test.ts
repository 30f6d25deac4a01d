import { afterAll, describe, expect, it } from 'vitest'
import { removeDataDir } from './account-stub'

// The support address is configuration (SUPPORT_EMAIL): the root loader hands it to every page, and the Contact page
// shows it. Set before the portal's modules read the configuration.
process.env.SUPPORT_EMAIL = 'help@vendor.example'
const { loader: rootLoader } = await import('#app/root')
const { loader: contactLoader } = await import('#app/routes/contact')

afterAll(removeDataDir)

describe('SUPPORT_EMAIL', () => {
  it('reaches every page through the root loader', async () => {
    const response = await rootLoader({ request: new Request('http://portal.test/'), params: {}, context: {} })
    expect(((await response.json()) as { supportEmail: string }).supportEmail).toBe('help@vendor.example')
  })

  it('is the address the Contact page shows', async () => {
    const response = await contactLoader()
    expect(await response.json()).toEqual({ supportEmail: 'help@vendor.example' })
  })
})
