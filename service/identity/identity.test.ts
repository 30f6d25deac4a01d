// Linking a provider from account settings (linkAccount), and the identity configuration.
import { describe, expect, it } from 'vitest'
import { loadServiceConfig } from '../config.js'
import { signInAs } from '../../tests/support/service.js'
import { createIdentityAdapter } from './adapter.js'
import {
  account,
  call,
  callback,
  clock,
  env,
  oauth,
  service,
  signInThrough,
  start,
  startIdentityService,
} from '../../tests/support/identity.js'

startIdentityService()

describe('linking from account settings (linkAccount)', () => {
  it('links the provider to the signed-in account, repeating its credential, without signing anyone else in', async () => {
    const credential = await signInAs(service, 'olivia@acme.test')
    const { redirect, state } = await start('google', credential, 'linkAccount')
    expect(
      (
        await service.db
          .selectFrom('oauth_states')
          .select('link_email')
          .where('state', '=', state)
          .executeTakeFirstOrThrow()
      ).link_email,
    ).toBe('olivia@acme.test')
    // Her Google account has a different address: linking does not care, the person chose it.
    const code = oauth.approve(redirect, { id: 'g-olivia', email: 'olivia.private@gmail.test' })
    const answer = await call({ completeAuthentication: { type: 'google', code, state } }, credential)
    expect(answer.body.completeAuthentication).toEqual({
      completed: true,
      session: credential,
      email: 'olivia@acme.test',
      admin: false,
      linked: 'google',
    })
    expect((await call({ accountSettings: {} }, credential)).body.accountSettings).toEqual({
      logonLink: 'default',
      githubLinked: false,
      googleLinked: true,
      renewalReminders: true,
    })
    // And signing in with that Google account now lands in her account.
    const signIn = await signInThrough('google', { id: 'g-olivia', email: 'olivia.private@gmail.test' })
    expect(signIn.body.completeAuthentication).toMatchObject({ email: 'olivia@acme.test' })
  })

  it('is finished only with the credential of the account that started it', async () => {
    const credential = await signInAs(service, 'rita@reseller.test')
    const other = await signInAs(service, 'max@acme.test')
    for (const finishing of [undefined, other]) {
      const { redirect, state } = await start('github', credential, 'linkAccount')
      const code = oauth.approve(redirect, { id: 8101, email: 'attacker@evil.test' })
      const answer = await call({ completeAuthentication: { type: 'github', code, state } }, finishing)
      expect(answer.body).toMatchObject({ error: 'INVALID_REQUEST' })
    }
    expect((await account('rita@reseller.test'))?.github_id).toBeNull()
  })

  it('refuses a provider account that is already linked to another address', async () => {
    await service.db
      .insertInto('accounts')
      .values({
        email: 'linked-elsewhere@example.test',
        admin: 0,
        logon_link: 'default',
        github_id: '8200',
        google_id: null,
        created_at: clock,
      })
      .execute()
    const credential = await signInAs(service, 'ray@reseller.test')
    const { redirect, state } = await start('github', credential, 'linkAccount')
    const code = oauth.approve(redirect, { id: 8200, email: 'ray.private@example.test' })
    const answer = await call({ completeAuthentication: { type: 'github', code, state } }, credential)
    expect(answer.body).toMatchObject({ error: 'USER_EXISTS' })
    expect((await account('ray@reseller.test'))?.github_id).toBeNull()
  })

  it('refuses to start for a provider that is already linked, and without a session', async () => {
    const credential = await signInAs(service, 'gary@google.test')
    expect((await call({ linkAccount: { type: 'google', callback: callback.google } }, credential)).body).toMatchObject(
      { error: 'INVALID_STATE' },
    )
    expect((await call({ linkAccount: { type: 'github', callback: callback.github } })).body).toMatchObject({
      error: 'NOT_AUTHENTICATED',
    })
  })
})

describe('configuration', () => {
  it('stops the start when a client id comes without its secret', () => {
    const env = { NODE_ENV: 'test' as const, DATA_DIR: service.dataDir, GITHUB_CLIENT_ID: 'only-the-id' }
    expect(() => loadServiceConfig(env)).toThrow(/GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together/)
  })

  it('in production offers no stand-in (anyone could sign in as anyone) unless the development tools are on', () => {
    const base = {
      NODE_ENV: 'production' as const,
      DATA_DIR: service.dataDir,
      PUBLIC_URL: 'https://portal.test',
      ALLOW_GENERATED_SECRETS: '1',
      MAIL_OUTBOX_ONLY: '1',
      PAYMENTS_SANDBOX: '1',
    }
    expect(Object.keys(createIdentityAdapter(loadServiceConfig(base)).providers)).toEqual([])
    const withTools = createIdentityAdapter(loadServiceConfig({ ...base, DEV_TOOLS: '1' }))
    expect([withTools.providers.github?.kind, withTools.providers.google?.kind]).toEqual(['stand-in', 'stand-in'])
    const real = createIdentityAdapter(loadServiceConfig({ ...env, ...base }))
    expect([real.providers.github?.kind, real.providers.google?.kind]).toEqual(['oauth', 'oauth'])
  })
})
