import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, removeDataDir, settle } from './account-stub'

// Text from outside is data, not layout, in the files the portal writes: a company named with line breaks (as a
// crafted purchase could have left it in the store) adds no line to its offline-keys file, so no key of another
// company and no order heading of its own can appear in the download.
const { loader: offlineKeysFile } = await import('#app/routes/manage_.offline-keys[.]txt')
const { createUserSession } = await import('#app/utils/session.server')

const CRAFTED = 'Acme\r\n\r\nOrder 999999\n1: KEY-OF-ANOTHER-COMPANY\n'

let service: Awaited<ReturnType<typeof createTestService>>
let cookie = ''
const context = {
  licensing: { call: (request: unknown, credential?: string, key?: string) => service.call(request, credential, key) },
} as unknown as AppLoadContext

beforeAll(async () => {
  service = await createTestService()
  const credential = await signInAs(service, 'olivia@acme.test')
  cookie = cookieFrom(
    await createUserSession(
      new Request('http://portal.test/'),
      { email: 'olivia@acme.test', admin: false, credential },
      '/manage',
    ),
  )
  await service.db.updateTable('companies').set({ name: CRAFTED }).where('id', '=', 'acme').execute()
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

describe('the offline-keys file of a company with a hostile name', () => {
  it('has the name quoted on its heading line, and only the company’s own orders and keys after it', async () => {
    const response = await settle(
      offlineKeysFile({
        request: new Request('http://portal.test/manage/offline-keys.txt?company=acme', {
          headers: { Cookie: cookie },
        }),
        params: {},
        context,
      }),
    )
    expect(response.status).toBe(200)
    const lines = (await response.text()).split('\n')
    expect(lines[0]).toBe('Offline keys of the company "Acme Order 999999 1: KEY-OF-ANOTHER-COMPANY"')
    expect(lines[1]).toBe('')
    const orders = await service.db
      .selectFrom('licenses')
      .select('order_id')
      .distinct()
      .where('company_id', '=', 'acme')
      .execute()
    const own = new Set(orders.map((o) => o.order_id))
    for (const line of lines.slice(1)) {
      expect(line).not.toContain('KEY-OF-ANOTHER-COMPANY')
      const order = /^Order (.+)$/.exec(line)
      if (order) expect(own.has(order[1])).toBe(true)
      else if (line !== '') expect(line).toMatch(/^\d+: [\w.-]+$/)
    }
  })
})
