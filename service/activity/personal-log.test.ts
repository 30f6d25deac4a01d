// A personal holder's own log: their activations, and an email change that takes the log to the new address.
import { beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import {
  ask,
  credentials,
  licenseOf,
  service,
  startActivityService,
  who,
  written,
} from '../../tests/support/activity-service.js'
import { latestLink, signInAs } from '../../tests/support/service.js'

startActivityService()
// The holder had set sign-in by email link to "Always": the oldest entry of their own log.
beforeAll(async () => {
  await ask(
    'updateAccountSettings',
    { logonLink: 'always', githubLinked: false, googleLinked: false },
    credentials.personal,
  )
})

describe("a personal holder's own log", () => {
  it("an activation is in the holder's log (and its company's, for a company license)", async () => {
    const license = await licenseOf(demoRefs.licenses.patExpiringSoon)
    const asked = await service.call({ activation: { licenseKey: license.license_key, hostname: 'log-host' } })
    expect(asked.status).toBe(200)
    const link = await latestLink(service, who.personal, 'http://portal.test/activate/')
    const { answer, entries } = await written(async () => {
      const confirmed = await service.call({
        confirmActivation: { passthrough: link.slice('http://portal.test/activate/'.length), deactivate: [] },
      })
      return { status: confirmed.status, body: confirmed.body }
    })
    expect(answer.status).toBe(200)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      kind: 'activation',
      actor: who.personal,
      account_email: who.personal,
      company_id: null,
      summary: `activated license ${license.key_number} of order ${license.order_id} on the machine "log-host"`,
    })
  })

  it('an email change is logged and the log moves to the new address', async () => {
    const credential = await signInAs(service, who.personal)
    const to = 'pat-new@personal.test'
    expect((await ask('transferLicenses', { transferTo: to }, credential)).status).toBe(200)
    const link = await latestLink(service, to, 'http://portal.test/confirmEmail/')
    const passthrough = link.slice('http://portal.test/confirmEmail/'.length).replace(/\/$/, '')
    const { answer, entries } = await written(() => ask('confirmEmailChange', { passthrough }))
    expect(answer.status).toBe(200)
    expect(entries.map((e) => e.summary)).toEqual([`changed the account email from ${who.personal} to ${to}`])
    const own = await ask('retrieveActivity', {}, await signInAs(service, to))
    expect((own.body.entries as Array<{ summary: string }>).map((e) => e.summary)).toEqual([
      `changed the account email from ${who.personal} to ${to}`,
      `activated license ${(await licenseOf(demoRefs.licenses.patExpiringSoon)).key_number} of order ${(await licenseOf(demoRefs.licenses.patExpiringSoon)).order_id} on the machine "log-host"`,
      'set sign-in by email link to "Always"',
    ])
  })
})
