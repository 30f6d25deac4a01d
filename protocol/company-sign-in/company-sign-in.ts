// Company sign-in: a company's own OpenID Connect provider (Okta, Microsoft Entra ID, any issuer with discovery), set up
// by its administrators and optionally required for people at its verified domains. Shared by service and portal: its
// paths and texts here, the settings' fields in `settings.ts`, the calls in `operations.ts`: no sign-in page loads them.

/** Where every company's provider sends people back: register it at the provider. */
export const COMPANY_SIGN_IN_CALLBACK_PATH = '/auth/company/'

/** What the portal asks the provider for: the ID token and the email claims. */
export const COMPANY_SIGN_IN_SCOPES = ['openid', 'email', 'profile'] as const

export const issuerRequired = 'Issuer must be provided.'
export const issuerInvalid = 'Issuer must be an https:// address such as https://acme.okta.com.'
export const clientIdRequired = 'Client ID must be provided.'
export const clientSecretRequired = 'Client secret must be provided.'

/** The sign-in page's button that starts a company sign-in for the address typed. */
export const SINGLE_SIGN_ON_BUTTON = 'Sign in with single sign-on'

export const companySignInRule = (companyName: string, domain: string) =>
  `People at ${domain} sign in with ${companyName}'s single sign-on.`

/** The one refusal of an email link or GitHub/Google sign-in for someone whose company requires its own sign-in. */
export function companySignInRequiredMessage(companyName: string, domain: string): string {
  return `${companySignInRule(companyName, domain)} On the sign-in page, type your email address and choose "${SINGLE_SIGN_ON_BUTTON}".`
}
