import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService } from '../tests/support/service.js'
import { signAlert, verifyAlertSignature } from '../service/payments/signature.js'
import { readOrCreateSandboxKeys } from './keys.js'

let service: Awaited<ReturnType<typeof createTestService>>

beforeAll(async () => {
  service = await createTestService()
})
afterAll(async () => {
  await service.close()
})

describe('the sandbox webhook keys live in the shared store', () => {
  it('every reader of the store gets the pair the service signs and verifies with, even asking at once', async () => {
    const pairs = await Promise.all([1, 2, 3].map(() => readOrCreateSandboxKeys(service.db)))
    expect(new Set(pairs.map((p) => p.privateKey)).size).toBe(1)
    const publicKey = service.context().adapters.payments?.provider.webhookPublicKey()
    expect(pairs[0]!.publicKey).toBe(publicKey)
    const alert = signAlert({ alert_id: '1', alert_name: 'test' }, pairs[0]!.privateKey)
    expect(verifyAlertSignature(alert, publicKey!)).toBe(true)
  })

  it('none are written into the data folder', () => {
    expect(fs.readdirSync(service.dataDir).filter((name) => name.endsWith('.pem'))).toEqual([])
  })
})
