/**
 * The stand-in's authorization routes (stand-in.ts; its page is stand-in-page.tsx). It answers only requests the
 * service started (state, redirect address, PKCE challenge), so it never redirects anywhere but the portal's callback.
 */
import express from 'express'
import { EMAIL_PATTERN, normalizeEmail, emailInvalid, emailRequired } from '../../protocol/shared/email.js'
import type { Selectable } from 'kysely'
import type { OAuthStateTable } from '../db/schema.js'
import type { LicensingService } from '../index.js'
import { STATE_MAX_AGE_MS } from './adapter.js'
import { createStandInCodes, s256 } from './stand-in.js'
import crypto from 'node:crypto'
import { providerColumns, type ProviderName } from './types.js'
import { authorizePage, invalidPage, invalidRequestPage, type StandInRequest as Request } from './stand-in-page.js'
import { FORM_BODY_LIMIT } from '../dispatch/body-limits.js'
import { unexpectedError } from '../../protocol/shared/errors.js'

type StateRow = Selectable<OAuthStateTable>

export function identityRouter(service: LicensingService): express.Router {
  const router = express.Router()
  const codes = createStandInCodes(service.config.secret)
  const now = () => service.context().now()

  const standIn = (name: string): ProviderName | null => {
    if (name !== 'github' && name !== 'google') return null
    return service.adapters.identity?.providers[name]?.kind === 'stand-in' ? name : null
  }

  /** Null unless the service started it and it is still open. */
  async function openRequest(input: Request): Promise<StateRow | null> {
    const row = await service.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state', '=', input.state)
      .executeTakeFirst()
    if (!row || row.provider !== input.provider || row.used_at !== null) return null
    if (now() - row.created_at > STATE_MAX_AGE_MS || row.callback !== input.redirectUri) return null
    if (input.provider === 'google' && input.codeChallenge !== s256(row.code_verifier)) return null
    return row
  }

  const read = (source: Record<string, unknown>, provider: ProviderName): Request => ({
    provider,
    state: typeof source.state === 'string' ? source.state : '',
    redirectUri: typeof source.redirect_uri === 'string' ? source.redirect_uri : '',
    codeChallenge: typeof source.code_challenge === 'string' ? source.code_challenge : '',
  })

  async function linkedAccounts(provider: ProviderName): Promise<string[]> {
    if (!service.config.devTools) return []
    const rows = await service.db
      .selectFrom('accounts')
      .select('email')
      .where(providerColumns[provider], 'is not', null)
      .orderBy('email')
      .limit(20)
      .execute()
    return rows.map((r) => r.email)
  }

  router.get('/stand-in/:provider/authorize', async (req, res) => {
    try {
      const provider = standIn(req.params.provider)
      if (!provider)
        return void res.status(404).type('html').send(invalidPage('Not found', 'There is no sign-in stand-in here.'))
      const request = read(req.query as Record<string, unknown>, provider)
      const row = await openRequest(request)
      if (!row) return void res.status(400).type('html').send(invalidRequestPage(provider))
      const linked = await linkedAccounts(provider)
      const email = row.link_email ?? linked[0] ?? ''
      res.type('html').send(authorizePage({ request, email, linked, linking: row.link_email !== null }))
    } catch (err) {
      service.logError(err, 'identity: the sign-in stand-in page failed')
      res.status(500).type('html').send(invalidPage('Something went wrong', unexpectedError))
    }
  })

  router.post(
    '/stand-in/:provider/authorize',
    express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT }),
    async (req, res) => {
      try {
        const provider = standIn(req.params.provider)
        if (!provider)
          return void res.status(404).type('html').send(invalidPage('Not found', 'There is no sign-in stand-in here.'))
        const body = (req.body ?? {}) as Record<string, unknown>
        const request = read(body, provider)
        const row = await openRequest(request)
        if (!row) return void res.status(400).type('html').send(invalidRequestPage(provider))
        const back = new URL(row.callback)
        back.searchParams.set('state', row.state)
        if (body.decision !== 'approve') {
          back.searchParams.set('error', 'access_denied')
          return void res.redirect(303, back.toString())
        }
        const email = normalizeEmail(typeof body.email === 'string' ? body.email : '')
        if (!EMAIL_PATTERN.test(email)) {
          const message = email ? emailInvalid : emailRequired
          const linked = await linkedAccounts(provider)
          return void res
            .status(400)
            .type('html')
            .send(authorizePage({ request, email, linked, linking: row.link_email !== null, error: message }))
        }
        const user = { id: await providerUserId(service, provider, email), email }
        const code = codes.issue({
          provider,
          state: row.state,
          redirectUri: row.callback,
          codeChallenge: request.codeChallenge,
          user,
          now: now(),
        })
        back.searchParams.set('code', code)
        res.redirect(303, back.toString())
      } catch (err) {
        service.logError(err, 'identity: the sign-in stand-in failed to answer')
        res.status(500).type('html').send(invalidPage('Something went wrong', unexpectedError))
      }
    },
  )

  return router
}

/** The id already linked for this provider (demo accounts match as with the real one), else one from the address. */
export async function providerUserId(
  service: Pick<LicensingService, 'db'>,
  provider: ProviderName,
  email: string,
): Promise<string> {
  const column = providerColumns[provider]
  const account = await service.db.selectFrom('accounts').select(column).where('email', '=', email).executeTakeFirst()
  const linked = account?.[column]
  if (linked) return linked
  return `stand-in-${provider}-${crypto.createHash('sha256').update(email).digest('hex').slice(0, 16)}`
}
