// The REST API v1's endpoints for who belongs to a company: its verified domains, auto-join and sign-in settings.
// They take the `people` scope, as adding an administrator does: they decide who joins and how people sign in.
import { endpoint } from './api-endpoint.js'
import { CompanyParams } from './api-v1.js'
import {
  AutoJoinBody,
  ClaimDomainBody,
  Completed,
  DomainParams,
  DomainVerification,
  OneDomain,
  SaveSignInBody,
  SignInSettings,
} from './api-v1-manage.js'

const people = { method: 'post', scope: 'people', refusals: [403, 404, 422] } as const

export const identityEndpoints = {
  claimDomain: endpoint({
    ...people,
    path: '/companies/{companyId}/domains',
    operationId: 'claimDomain',
    summary: 'Claim a domain',
    description:
      'Answers the TXT record to add at the domain, then verify it; a domain the company claimed already is ' +
      'answered as it is. Refused (422) when another company verified it.',
    params: CompanyParams,
    body: ClaimDomainBody,
    response: OneDomain,
    example: { body: { domain: 'example.com' } },
  }),
  verifyDomain: endpoint({
    ...people,
    path: '/companies/{companyId}/domains/{domain}/verify',
    operationId: 'verifyDomain',
    summary: 'Verify a domain',
    description:
      'Looks the TXT record up in DNS now: `verified` once it is there, otherwise `message` says what DNS answered.',
    params: DomainParams,
    response: DomainVerification,
    example: {},
  }),
  setDomainAutoJoin: endpoint({
    ...people,
    path: '/companies/{companyId}/domains/{domain}/auto-join',
    operationId: 'setDomainAutoJoin',
    summary: "Set a domain's auto-join",
    description:
      'People who sign in with an address at the verified domain receive a seat of these products while seats are ' +
      'free, then wait in the seat queue; none turns it off. Refused (422) while the domain is not verified.',
    params: DomainParams,
    body: AutoJoinBody,
    response: OneDomain,
    example: { body: { productGroups: ['wallaby'] } },
  }),
  removeDomain: endpoint({
    ...people,
    path: '/companies/{companyId}/domains/{domain}/delete',
    operationId: 'removeDomain',
    summary: 'Remove a domain',
    description: 'Its auto-join ends, and sign-in settings no longer apply to addresses at it.',
    params: DomainParams,
    response: Completed,
    refusals: [403, 404],
    example: {},
  }),
  saveSignInSettings: endpoint({
    ...people,
    path: '/companies/{companyId}/sign-in',
    operationId: 'saveSignInSettings',
    summary: "Save the company's sign-in settings",
    description:
      "Single sign-on through the company's OpenID Connect provider for addresses at its verified domains. The " +
      "issuer's discovery document is read first; refused (422) if it does not answer as an OpenID provider. The " +
      'client secret is never answered back; sent without one, the stored secret stays.',
    params: CompanyParams,
    body: SaveSignInBody,
    writeOnly: ['clientSecret'],
    response: SignInSettings,
    example: {
      body: { issuer: 'ISSUER', clientId: 'CLIENT_ID', clientSecret: 'CLIENT_SECRET', required: false },
    },
  }),
  removeSignInSettings: endpoint({
    ...people,
    path: '/companies/{companyId}/sign-in/delete',
    operationId: 'removeSignInSettings',
    summary: "Remove the company's sign-in settings",
    description: 'People sign in as before: with an emailed link, GitHub or Google.',
    params: CompanyParams,
    response: SignInSettings,
    refusals: [403, 404],
    example: {},
  }),
}
