/**
 * The stand-in's authorization page (stand-in.ts), plain HTML without script. It answers only requests the service
 * started (state, redirect address, PKCE challenge), so it never redirects anywhere but the portal's own callback.
 */
import express from 'express'
import { EMAIL_PATTERN, normalizeEmail, emailInvalid, emailRequired } from '../../protocol/shared/email.js'
import type { Selectable } from 'kysely'
import type { OAuthStateTable } from '../db/schema.js'
import type { LicensingService } from '../index.js'
import { STATE_MAX_AGE_MS } from './adapter.js'
import { createStandInCodes, s256, standInPath } from './stand-in.js'
import crypto from 'node:crypto'
import { providerColumns, providerLabels, type ProviderName } from './types.js'
import { escapeHtml } from '../dispatch/html.js'
import { FORM_BODY_LIMIT } from '../dispatch/body-limits.js'
import { unexpectedError } from '../../protocol/shared/errors.js'

type Request = { provider: ProviderName; state: string; redirectUri: string; codeChallenge: string }
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

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#111;background:#fff}
label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #555;border-radius:6px}
.hint{color:#333;font-size:.95rem}.error{color:#a00000;font-weight:600}.actions{display:flex;gap:.75rem;margin-top:1.25rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #111;background:#fff;color:#111;cursor:pointer}
button[value=approve]{background:#1a4d8f;border-color:#1a4d8f;color:#fff}a{color:#0645ad}`

function page(title: string, main: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${main}</main></body></html>`
}

function invalidPage(title: string, text: string) {
  return page(
    `${title} | Sign-in stand-in`,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Back to sign-in</a></p>`,
  )
}

function invalidRequestPage(provider: ProviderName) {
  return invalidPage(
    `${providerLabels[provider]} sign-in request not valid`,
    'This sign-in request is not valid, has expired, or has already been answered. Start again from the sign-in page.',
  )
}

function authorizePage(input: { request: Request; email: string; linked: string[]; linking: boolean; error?: string }) {
  const { request, email, linked, linking, error } = input
  const label = providerLabels[request.provider]
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
  const describedBy = error ? 'email-hint email-error' : 'email-hint'
  const hint = linked.length
    ? `Accounts linked to ${label}: ${linked.map(escapeHtml).join(', ')} (they sign in by their ${label} user id). Any other address signs in as a ${label} user with that verified email address.`
    : `The address signs in as a ${label} user with that verified email address.`
  return page(
    `Sign in with ${label} | Sign-in stand-in`,
    `<h1>${linking ? `Link your ${label} account` : `Sign in with ${label}`}</h1>
<p>This is a local stand-in for ${label}: no ${label} credentials are configured, so this page plays ${label}'s authorization screen. Choose who you are at ${label}, then approve or deny access to the License Portal.</p>
<form method="post" action="${standInPath(request.provider)}" novalidate>
${hidden('state', request.state)}${hidden('redirect_uri', request.redirectUri)}${hidden('code_challenge', request.codeChallenge)}
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}>
<p id="email-hint" class="hint">${hint}</p>
${error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<div class="actions"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  )
}
