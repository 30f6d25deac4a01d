import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callLicensing } from '#app/utils/licensing.server'
import { frozenJson } from '#protocol/shared/json'
import { inProcessTransport } from '../../service/index'
import { createTestService, signInAs } from '../support/service'

// The portal reads the embedded service's answers as they are (no copy): outside production each one is checked to be
// JSON data and frozen. These tests run with NODE_ENV=test.
const contextAnswering = (body: unknown) =>
  ({ licensing: { call: async () => ({ status: 200, body }) } }) as unknown as AppLoadContext

describe('answers of the embedded service', () => {
  it('reaches the route as the service built it, frozen: a change the portal makes to it fails', async () => {
    const details = {
      email: 'a@b.test',
      admin: false,
      body: { personal: { licenses: [], subscriptions: [] }, companies: [] },
    }
    const outcome = await callLicensing(
      'retrieveDetails',
      {},
      { context: contextAnswering({ retrieveDetails: details }) },
    )
    expect(outcome).toEqual({ ok: true, result: details })
    if (!outcome.ok) return
    const companies = outcome.result.body.companies as unknown[]
    const result = outcome.result as { admin: boolean }
    expect(() => companies.push({})).toThrow(TypeError)
    expect(() => {
      result.admin = true
    }).toThrow(TypeError)
  })

  it('refuses an answer JSON would change, naming where (a Date, undefined, NaN, a class instance)', async () => {
    for (const [value, shown] of [
      [new Date(0), 'Thu Jan 01 1970'],
      [undefined, 'undefined'],
      [Number.NaN, 'NaN'],
      [new Map(), '[object Map]'],
    ] as const) {
      const answer = { retrieveDetails: { body: { companies: [{ id: 'c1', when: value }] } } }
      await expect(callLicensing('retrieveDetails', {}, { context: contextAnswering(answer) })).rejects.toThrow(
        `not JSON data at answer.retrieveDetails.body.companies[0].when: ${shown}`,
      )
    }
  })

  it('passes plain JSON through unchanged', () => {
    const value = { a: [1, 'two', null, true, { b: -0.5 }], c: {} }
    expect(frozenJson(JSON.parse(JSON.stringify(value)))).toEqual(value)
  })

  describe('the real service', () => {
    let service: Awaited<ReturnType<typeof createTestService>>
    let context: AppLoadContext
    beforeAll(async () => {
      service = await createTestService()
      // The load context as server.ts wires it: the protocol call, and nothing else of the service.
      context = { licensing: inProcessTransport(service) }
    })

    it('lends the load context nothing but the protocol call', () => {
      expect(Object.keys(context.licensing!)).toEqual(['call'])
      expect(JSON.stringify(context)).toBe('{"licensing":{}}')
    })

    it("passes a write's idempotency key through: the same form sent twice adds one permission", async () => {
      const credential = await signInAs(service, 'olivia@acme.test')
      const companyId = (await callLicensing('retrieveDetails', {}, { credential, context })) as {
        ok: true
        result: { body: { companies: Array<{ id: string }> } }
      }
      const add = {
        add: [
          {
            companyId: companyId.result.body.companies[0].id,
            email: 'twice@acme.test',
            permissions: ['ASSIGN'] as ['ASSIGN'],
          },
        ],
      }
      const first = await callLicensing('updatePermissions', add, { credential, context, idempotencyKey: 'form-1' })
      const again = await callLicensing('updatePermissions', add, { credential, context, idempotencyKey: 'form-1' })
      expect(first.ok).toBe(true)
      expect(again).toEqual(first)
      const rows = await service.db
        .selectFrom('company_permissions')
        .select('email')
        .where('email', '=', 'twice@acme.test')
        .execute()
      expect(rows).toHaveLength(1)
    })
    afterAll(async () => {
      await service.close()
    })

    it('answers retrieveDetails for a company administrator with JSON data (every license and subscription)', async () => {
      const credential = await signInAs(service, 'olivia@acme.test')
      const outcome = await callLicensing('retrieveDetails', {}, { credential, context })
      expect(outcome.ok).toBe(true)
      if (!outcome.ok) return
      expect(outcome.result.body.companies.length).toBeGreaterThan(0)
      expect(outcome.result.body.companies.some((c) => c.subscriptions.length > 0)).toBe(true)
      expect(Object.isFrozen(outcome.result.body.companies[0].licenses)).toBe(true)
    })
  })
})
