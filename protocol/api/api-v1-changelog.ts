// What v1 gained, newest first, shown on /developers; the newest entry's version is the document's `info.version`.
// Within v1 an entry only adds (decision 0012); a deprecation is announced here and by headers (decision 0024).

export type ApiChange = { version: string; date: string; changes: readonly string[] }

export const apiV1Changelog: readonly ApiChange[] = [
  {
    version: '1.5.0',
    date: '2026-11-29',
    changes: [
      "The company's directory: its SCIM address, groups with the products each is mapped to, and which products it owns (`read`); SCIM tokens listed (`read`), created and revoked (`people`), the secret answered once: a repeated `Idempotency-Key` is refused with 422, never answered with it.",
      "Map a directory group to products and let the directory own a product's seats, with the `expectedReleases` it frees as read (`people`, as a domain's auto-join).",
      'Adding a webhook endpoint again with the same `Idempotency-Key` is refused with 422, as creating a token is: its signing secret is answered once and kept in no store for a repeat.',
      'A charge the payment provider declines (a quantity up, a restart, an upgrade, the extension offer) is answered 402 `CHARGE_ERROR` with the advice to update the payment method, where it was a 400 `INVALID_PAYLOAD` that said the request was at fault.',
    ],
  },
  {
    version: '1.4.0',
    date: '2026-11-29',
    changes: [
      "Upgrade a subscription from monthly to annual billing, or accept its extension offer, with the `previewId` of a preview of that change (`change: 'upgrade'` or `change: 'offer'` with the `country` paid from); an offer in another currency than the country's is refused with `CURRENCY_MISMATCH` (`billing`).",
      "Claim, verify (the DNS check), remove a company's domains and set their auto-join (`people`, as adding an administrator: a verified domain decides who joins the company).",
      "Save and remove the company's sign-in settings (`people`); the client secret is written only: never answered, and a repeated `Idempotency-Key` is matched by its MAC, never its value.",
    ],
  },
  {
    version: '1.3.0',
    date: '2026-11-29',
    changes: [
      "What Manage Licenses does, each through the same rules, refusals and log entries: a company's administrators and managers (`people`), many seats in one all-or-nothing call, machines and their deactivation, the reclaim policy and undo (`seats`), webhook endpoints and sending a delivery again (`webhooks`), domains, sign-in settings and the seat queue (`read`).",
      'A license says on how many `machines` it is active and when it was last seen (`lastSeenAt`); filter seats idle 30, 60 or 90 days with `idleDays`.',
      "Change a subscription's quantity or restart a paused one with the `previewId` of a preview of that change (its amount and tax); pause, resume and cancel (`billing`).",
      "The company's offline keys (`keys`).",
      'List API tokens (`read`); create and revoke them with `people`: a token never grants a scope it lacks, nor a life beyond its own.',
    ],
  },
  {
    version: '1.2.0',
    date: '2026-11-29',
    changes: [
      "Scopes for least privilege: `read`, `seats`, `people`, `billing`, `webhooks` and `keys`; a token without an endpoint's scope is refused with 403 naming it. Tokens made before keep what they could do: a read token has `read` and `keys`, a read and assign token also `seats`.",
      '`licenseKey` is in an answer only for a token with `keys`.',
      'A typed client: TypeScript types generated from `openapi.json` with openapi-typescript, called with openapi-fetch.',
    ],
  },
  {
    version: '1.1.0',
    date: '2026-11-29',
    changes: [
      '`productGroup`, `orderId` and `keyNumber` beside `product`, `order` and `key`, the names webhooks use.',
      'A repeated `Idempotency-Key` is answered with `Idempotent-Replayed: true`.',
      'Every refusal is problem details, 413 and 415 included; `Retry-After` documented on every 429.',
    ],
  },
  {
    version: '1.0.0',
    date: '2026-11-26',
    changes: [
      "A company's licenses, assign and unassign with the expected holder, subscriptions, seat usage, the activity log, and a personal token's own licenses; API tokens, per-token rate limits and `Idempotency-Key`.",
    ],
  },
]

export const API_V1_VERSION = apiV1Changelog[0]!.version
