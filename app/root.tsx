import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  useLocation,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { Theme } from '#app/components/themes'
import { BusyOverlay } from './components/busy-overlay'
import { SiteFooter } from './components/frame/site-footer'
import { SiteHeader } from './components/frame/site-header'
import { useOptimisticTheme } from './components/frame/theme-toggle'
import { FirstPaintStyles, shippedStyles } from './styles/shipped-styles.server'
import { avatarUrl } from './utils/avatar.server'
import { useNonce } from './utils/nonce'
import { portalEnv } from './utils/env.server'
import { useSupportEmail } from './utils/support-email'
import { getPreferences } from './utils/preferences.server'
import { getSession, getUser } from './utils/session.server'

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export const meta: MetaFunction = () => [
  { title: 'License Portal' },
  { name: 'description', content: 'Manage your licenses and subscriptions.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const [preferences, user, session] = await Promise.all([
    getPreferences(request),
    getUser(request),
    getSession(request),
  ])
  return json({
    theme: preferences.theme,
    stylesheet: shippedStyles()?.href,
    supportEmail: portalEnv().supportEmail,
    salesEmail: portalEnv().salesEmail,
    vendorLinks: portalEnv().footerLinks,
    user: user
      ? {
          email: user.email,
          avatarUrl: avatarUrl(user.email),
          isPersonalHolder: session.get('hasPersonalLicenses') === true,
        }
      : null,
  })
}

/** `frame` hides the header or footer; `scripts: false`: the page's document names no script (decision 20). */
export type FrameHandle = { frame?: { header?: boolean; footer?: boolean }; scripts?: false }

/** Not when a matched route opts out or the root's error boundary shows; in the browser always: a client runs there. */
function useShipsScripts(): boolean {
  const matches = useMatches()
  const rootError = useRouteError()
  if (typeof document !== 'undefined') return true
  return !rootError && matches.every((match) => (match.handle as FrameHandle | undefined)?.scripts !== false)
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const matches = useMatches()
  const location = useLocation()
  const theme = useOptimisticTheme(data?.theme ?? 'dark')
  const scripts = useShipsScripts()
  const frame = matches.reduce<{ header: boolean; footer: boolean }>(
    (acc, match) => {
      const handle = match.handle as FrameHandle | undefined
      return {
        header: handle?.frame?.header ?? acc.header,
        footer: handle?.frame?.footer ?? acc.footer,
      }
    },
    { header: true, footer: true },
  )
  return (
    <html lang="en" className={theme} style={{ colorScheme: theme }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {typeof document === 'undefined' ? <FirstPaintStyles theme={theme} /> : null}
      </head>
      <body>
        <Theme appearance={theme}>
          <a className="skip-link" href="#main">
            Skip to main content
          </a>
          {frame.header ? (
            <SiteHeader user={data?.user ?? null} theme={theme} currentPath={location.pathname + location.search} />
          ) : null}
          <main id="main" tabIndex={-1} className={frame.header ? 'with-header' : undefined}>
            {children}
          </main>
          {frame.footer ? <SiteFooter vendor={data?.vendorLinks ?? {}} /> : null}
          <BusyOverlay />
        </Theme>
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        <link rel="stylesheet" href={data?.stylesheet} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const supportEmail = useSupportEmail()
  const status = isRouteErrorResponse(error) ? error.status : 500
  // A refused request (a form the server could not read, an unknown form) says why in its own words; anything else is
  // told only that it went wrong: never a stack, a file path or the server's data.
  const refusal =
    isRouteErrorResponse(error) && status >= 400 && status < 500 && status !== 404 ? refusalMessage(error.data) : null
  return (
    <section className="page-narrow" aria-labelledby="error-heading">
      <h1 id="error-heading">
        {status === 404 ? 'Page not found' : refusal ? 'Request not accepted' : 'Something went wrong'}
      </h1>
      <p>
        {status === 404
          ? 'There is nothing at this address.'
          : (refusal ??
            `An unexpected error occurred. Please try again; if it keeps happening, contact ${supportEmail}.`)}
      </p>
      <p>
        <a href="/">Go to the sign-in page</a>
      </p>
    </section>
  )
}

function refusalMessage(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('message' in data)) return null
  return typeof data.message === 'string' ? data.message.slice(0, 300) : null
}
