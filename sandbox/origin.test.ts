import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../demo/seed.js'
import { createPaymentsTestService, listen, postForm, type TestService } from '../tests/support/payments.js'

// Outside production with no PUBLIC_URL, the portal is wherever the person opened it (http://127.0.0.1:3000 as well
// as localhost): the provider's pages send them back to that address, where their session cookie lives.
let service: TestService
let server: { url: string; close(): Promise<void> }
beforeAll(async () => {
  service = await createPaymentsTestService({ env: { PUBLIC_URL: undefined, NODE_ENV: 'development' } })
  server = await listen(service)
})
afterAll(async () => {
  await server.close()
  await service.close()
})

describe('the update-payment page opened on another address', () => {
  it('links "Back to your account" to the address it was opened on, not localhost', async () => {
    const id = demoRefs.subscriptions.acmeActiveRenewing
    const updated = await postForm(`${server.url}/sandbox/update-payment/${id}`, {
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12/39',
      cardCvc: '123',
    })
    expect(updated.status).toBe(200)
    const html = await updated.text()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(html).toContain(`<a href="${server.url}/manage">Back to your account</a>`)
    expect(html).not.toContain('localhost')
  })
})
