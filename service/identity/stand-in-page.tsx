// The stand-in's authorization page and its refusals, plain HTML without script.
import type { ReactNode } from 'react'
import { htmlDocument } from '../dispatch/html.js'
import { standInPath } from './stand-in.js'
import { providerLabels, type ProviderName } from './types.js'

export type StandInRequest = { provider: ProviderName; state: string; redirectUri: string; codeChallenge: string }

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#111;background:#fff}
label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #555;border-radius:6px}
.hint{color:#333;font-size:.95rem}.error{color:#a00000;font-weight:600}.actions{display:flex;gap:.75rem;margin-top:1.25rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #111;background:#fff;color:#111;cursor:pointer}
button[value=approve]{background:#1a4d8f;border-color:#1a4d8f;color:#fff}a{color:#0645ad}`

function page(title: string, main: ReactNode) {
  return htmlDocument({ title: `${title} | Sign-in stand-in`, style: STYLE, children: <main>{main}</main> })
}

export function invalidPage(title: string, text: string) {
  return page(
    title,
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href="/">Back to sign-in</a>
      </p>
    </>,
  )
}

export function invalidRequestPage(provider: ProviderName) {
  return invalidPage(
    `${providerLabels[provider]} sign-in request not valid`,
    'This sign-in request is not valid, has expired, or has already been answered. Start again from the sign-in page.',
  )
}

export function authorizePage(input: {
  request: StandInRequest
  email: string
  linked: string[]
  linking: boolean
  error?: string
}) {
  const { request, email, linked, linking, error } = input
  const label = providerLabels[request.provider]
  const hint = linked.length
    ? `Accounts linked to ${label}: ${linked.join(', ')} (they sign in by their ${label} user id). Any other address signs in as a ${label} user with that verified email address.`
    : `The address signs in as a ${label} user with that verified email address.`
  return page(
    `Sign in with ${label}`,
    <>
      <h1>{linking ? `Link your ${label} account` : `Sign in with ${label}`}</h1>
      <p>
        {`This is a local stand-in for ${label}: no ${label} credentials are configured, so this page plays ${label}'s authorization screen. Choose who you are at ${label}, then approve or deny access to the License Portal.`}
      </p>
      <form method="post" action={standInPath(request.provider)} noValidate>
        <input type="hidden" name="state" value={request.state} />
        <input type="hidden" name="redirect_uri" value={request.redirectUri} />
        <input type="hidden" name="code_challenge" value={request.codeChallenge} />
        <label htmlFor="email">Email address</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          aria-describedby={error ? 'email-hint email-error' : 'email-hint'}
          aria-invalid={error ? 'true' : undefined}
        />
        <p id="email-hint" className="hint">
          {hint}
        </p>
        {error ? (
          <p id="email-error" className="error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" name="decision" value="approve">
            Approve
          </button>
          <button type="submit" name="decision" value="deny">
            Deny
          </button>
        </div>
      </form>
    </>,
  )
}
