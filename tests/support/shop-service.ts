// The shop tests' fixture: a payments test service per file and the call as the portal makes it.
import { afterAll, beforeAll } from 'vitest'
import { createPaymentsTestService, type TestService } from './payments.js'

export let service: TestService

/** Starts the payments test service before the file's tests; closes it after them. */
export function startShopService() {
  beforeAll(async () => {
    service = await createPaymentsTestService()
  })
  afterAll(async () => {
    await service.close()
  })
}

export type Body = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
export const call = async (request: object) => (await service.call(request)).body as Body
