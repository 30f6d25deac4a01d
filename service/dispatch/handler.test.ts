import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, latestLink, signInAs } from '../../tests/support/service.js'

let service: Awaited<ReturnType<typeof createTestService>>
beforeAll(async () => {
  service = await createTestService()
})
afterAll(async () => {
  await service.close()
})

describe('the licensing protocol (spec §7)', () => {
  it('answers malformed JSON with a protocol error, not a crash', async () => {
    const answer = await service.callText('{"retrieveDetails": ')
    expect(answer.status).toBe(500)
    expect(answer.body).toEqual({ error: 'MALFORMED_REQUEST', message: 'The request body is not valid JSON.' })
  })

  it('refuses a body that is not an object', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const answer = await service.callText(body)
      expect(answer.body).toMatchObject({ error: 'MALFORMED_REQUEST' })
    }
  })

  it('refuses several operation keys, and none', async () => {
    expect((await service.call({ logout: {}, retrieveDetails: {} })).body).toMatchObject({ error: 'MALFORMED_REQUEST' })
    expect((await service.call({})).body).toMatchObject({ error: 'MALFORMED_REQUEST' })
  })

  it('refuses an unknown operation by name', async () => {
    const answer = await service.call({ dropTables: {} })
    expect(answer.status).toBe(500)
    expect(answer.body).toEqual({ error: 'UNKNOWN_OPERATION', message: 'Unknown operation "dropTables".' })
  })

  it('refuses a payload of the wrong type, naming the field', async () => {
    const answer = await service.call({ manageLicense: { type: 'link', email: 42 } })
    expect(answer.status).toBe(500)
    expect(answer.body).toMatchObject({ error: 'INVALID_PAYLOAD' })
    expect((answer.body as { message: string }).message).toContain('email')
  })

  it('does not treat inherited object keys as operations', async () => {
    expect((await service.call({ constructor: {} })).body).toMatchObject({ error: 'UNKNOWN_OPERATION' })
    expect((await service.call({ __proto__: {} } as unknown as object)).body).toMatchObject({
      error: 'MALFORMED_REQUEST',
    })
  })
})

describe('manageLicense by link', () => {
  it('mails a single-use sign-in link to an address that owns licenses', async () => {
    const answer = await service.call({ manageLicense: { type: 'link', email: 'Olivia@Acme.test ' } })
    expect(answer).toEqual({ status: 200, body: { manageLicense: { completed: true } } })
    const link = await latestLink(service, 'olivia@acme.test', 'http://portal.test/manage/')
    expect(link).toMatch(/^http:\/\/portal\.test\/manage\/[\w-]+\.[\w-]+$/)
  })

  it('answers NO_USER for an address that owns, holds and is assigned nothing', async () => {
    const answer = await service.call({ manageLicense: { type: 'link', email: 'nobody@example.test' } })
    expect(answer.status).toBe(500)
    expect(answer.body).toMatchObject({ error: 'NO_USER' })
  })

  it('answers NO_LOGON_LINK when a social account is linked and the policy is not "always"', async () => {
    expect((await service.call({ manageLicense: { type: 'link', email: 'gita@github.test' } })).body).toMatchObject({
      error: 'NO_LOGON_LINK',
    })
    // gary has Google linked but chose "always".
    expect((await service.call({ manageLicense: { type: 'link', email: 'gary@google.test' } })).status).toBe(200)
  })

  it('lets an address that is only assigned a company license sign in', async () => {
    expect((await service.call({ manageLicense: { type: 'link', email: 'dev1@acme.test' } })).status).toBe(200)
  })
})

describe('retrieveDetails', () => {
  it('exchanges a link for a session once; a second use is refused', async () => {
    await service.call({ manageLicense: { type: 'link', email: 'max@acme.test' } })
    const link = await latestLink(service, 'max@acme.test', 'http://portal.test/manage/')
    const passthrough = link.split('/manage/')[1]
    const first = await service.call({ retrieveDetails: { passthrough } })
    expect(first.status).toBe(200)
    expect((first.body as { retrieveDetails: { session: string } }).retrieveDetails.session).toEqual(expect.any(String))
    const second = await service.call({ retrieveDetails: { passthrough } })
    expect(second.body).toMatchObject({ error: 'INVALID_REQUEST' })
  })

  it('answers INVALID_SIGNATURE for a tampered link', async () => {
    await service.call({ manageLicense: { type: 'link', email: 'max@acme.test' } })
    const passthrough = (await latestLink(service, 'max@acme.test', 'http://portal.test/manage/')).split('/manage/')[1]
    const [body, signature] = passthrough.split('.')
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, iat: claims.iat + 1 })).toString('base64url')
    expect((await service.call({ retrieveDetails: { passthrough: `${forged}.${signature}` } })).body).toMatchObject({
      error: 'INVALID_SIGNATURE',
    })
    expect((await service.call({ retrieveDetails: { passthrough: 'garbage' } })).body).toMatchObject({
      error: 'INVALID_SIGNATURE',
    })
  })

  it('answers INVALID_AGE for a link older than 24 hours', async () => {
    let now = Date.now()
    const timed = await createTestService({ now: () => now })
    try {
      await timed.call({ manageLicense: { type: 'link', email: 'olivia@acme.test' } })
      const passthrough = (await latestLink(timed, 'olivia@acme.test', 'http://portal.test/manage/')).split(
        '/manage/',
      )[1]
      now += 24 * 60 * 60 * 1000 + 1
      expect((await timed.call({ retrieveDetails: { passthrough } })).body).toMatchObject({ error: 'INVALID_AGE' })
    } finally {
      await timed.close()
    }
  })

  it('answers the company with the flags of the caller’s role', async () => {
    const olivia = await signInAs(service, 'olivia@acme.test')
    const max = await signInAs(service, 'max@acme.test')
    const details = async (credential: string) =>
      (
        (await service.call({ retrieveDetails: {} }, credential)).body as {
          retrieveDetails: { body: { companies: Array<Record<string, unknown>> } }
        }
      ).retrieveDetails.body.companies
    const [acmeForOlivia] = await details(olivia)
    expect(acmeForOlivia).toMatchObject({
      name: 'Acme Corp',
      canAssign: true,
      canAddUsers: true,
      canRenew: true,
      canViewReceipt: true,
      canAddResellers: false,
    })
    expect((acmeForOlivia.licenses as unknown[]).length).toBeGreaterThanOrEqual(25)
    const [acmeForMax] = await details(max)
    expect(acmeForMax).toMatchObject({ canAssign: true, canAddUsers: false, canRenew: false, canViewReceipt: false })
  })

  it('marks the platform administrator', async () => {
    const root = await signInAs(service, 'root@vendor.test')
    const answer = await service.call({ retrieveDetails: {} }, root)
    expect(answer.body).toMatchObject({ retrieveDetails: { email: 'root@vendor.test', admin: true } })
  })

  it('needs a session without a passthrough, and a live one', async () => {
    expect((await service.call({ retrieveDetails: {} })).body).toMatchObject({ error: 'NOT_AUTHENTICATED' })
    expect((await service.call({ retrieveDetails: {} }, 'made-up')).body).toMatchObject({ error: 'INVALID_SIGNATURE' })
  })

  it('answers INVALID_AGE for a session older than 24 hours', async () => {
    let now = Date.now()
    const timed = await createTestService({ now: () => now })
    try {
      const credential = await signInAs(timed, 'pat@personal.test')
      now += 24 * 60 * 60 * 1000
      expect((await timed.call({ retrieveDetails: {} }, credential)).body).toMatchObject({ error: 'INVALID_AGE' })
    } finally {
      await timed.close()
    }
  })
})

describe('signInLink', () => {
  const passthroughOf = async (svc: typeof service, email: string) => {
    await svc.call({ manageLicense: { type: 'link', email } })
    return (await latestLink(svc, email, 'http://portal.test/manage/')).split('/manage/')[1]
  }

  it('says a link was used already and names its address, without using anything', async () => {
    const passthrough = await passthroughOf(service, 'max@acme.test')
    expect((await service.call({ signInLink: { passthrough } })).body).toEqual({
      signInLink: { state: 'unused', email: 'max@acme.test' },
    })
    // Asking does not use the link up.
    expect((await service.call({ retrieveDetails: { passthrough } })).status).toBe(200)
    expect((await service.call({ signInLink: { passthrough } })).body).toEqual({
      signInLink: { state: 'used', email: 'max@acme.test' },
    })
  })

  it('says a link expired, with its address while its record is kept and without once it is purged', async () => {
    let now = Date.now()
    const timed = await createTestService({ now: () => now })
    try {
      const passthrough = await passthroughOf(timed, 'olivia@acme.test')
      now += 24 * 60 * 60 * 1000 + 1
      expect((await timed.call({ signInLink: { passthrough } })).body).toEqual({
        signInLink: { state: 'expired', email: 'olivia@acme.test' },
      })
      await timed.db.deleteFrom('tokens').execute()
      expect((await timed.call({ signInLink: { passthrough } })).body).toEqual({ signInLink: { state: 'expired' } })
    } finally {
      await timed.close()
    }
  })

  it('names no address for a link that is not one of ours', async () => {
    const passthrough = await passthroughOf(service, 'max@acme.test')
    const [body, signature] = passthrough.split('.')
    for (const forged of [`${body}.${signature}x`, 'garbage', `${passthrough}.extra`]) {
      expect((await service.call({ signInLink: { passthrough: forged } })).body).toEqual({
        signInLink: { state: 'invalid' },
      })
    }
  })
})

describe('logout', () => {
  it('ends the service session', async () => {
    const credential = await signInAs(service, 'pat@personal.test')
    expect((await service.call({ logout: {} }, credential)).body).toEqual({ logout: { completed: true } })
    expect((await service.call({ retrieveDetails: {} }, credential)).body).toMatchObject({ error: 'INVALID_SIGNATURE' })
  })
})
