// What /developers shows, read on the server from the endpoints' own declarations: the page gets text, so the
// browser never loads the schemas (or zod) to show it.
import { apiV1Endpoints, type ApiEndpoint } from '#protocol/api/api-v1-endpoints'
import { API_MAX_PAGE_SIZE, API_PAGE_SIZE, API_V1_BASE, apiProblemCodes, problemAnchor } from '#protocol/api/api-v1'
import { apiTokenScopes } from '#protocol/shared/access-tokens'
import { apiTokenScopeMeanings } from '#protocol/api-tokens/api-tokens'
import { apiV1Changelog } from '#protocol/api/api-v1-changelog'
import { clientExamples } from './client-examples'

/** Text with `marks` (as the OpenAPI descriptions write code): the pieces, each plain or code. */
export type Marked = Array<{ text: string; code: boolean }>

export function marked(text: string): Marked {
  return text
    .split('`')
    .map((piece, i) => ({ text: piece, code: i % 2 === 1 }))
    .filter((piece) => piece.text !== '')
}

function curl(origin: string, endpoint: ApiEndpoint): string {
  // `{licenseId}` → `$LICENSE_ID`: a shell variable the reader sets.
  const path = endpoint.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => `$${name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}`,
  )
  const lines = [
    `curl${endpoint.method === 'post' ? ' -X POST' : ''} "${origin}${API_V1_BASE}${path}${endpoint.example.query ?? ''}"`,
    '  -H "Authorization: Bearer $LICENSE_PORTAL_TOKEN"',
  ]
  if (endpoint.method === 'post') {
    lines.push('  -H "Idempotency-Key: $(uuidgen)"', '  -H "Content-Type: application/json"')
    lines.push(`  -d '${JSON.stringify(endpoint.example.body ?? {})}'`)
  }
  return lines.join(' \\\n')
}

/** The reference with its examples sent to `origin`, the address the page was opened at. */
export function developersReference(origin: string) {
  return {
    origin,
    base: API_V1_BASE,
    pageSize: API_PAGE_SIZE,
    maxPageSize: API_MAX_PAGE_SIZE,
    endpoints: (Object.values(apiV1Endpoints) as ApiEndpoint[]).map((endpoint) => ({
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      method: endpoint.method,
      path: endpoint.path,
      scope: endpoint.scope,
      description: marked(endpoint.description),
      curl: curl(origin, endpoint),
    })),
    /** Each scope with what it allows and the endpoints that need it, read from the endpoints' own declarations. */
    scopes: apiTokenScopes.map((scope) => ({
      scope,
      allows: apiTokenScopeMeanings[scope].allows,
      endpoints: (Object.values(apiV1Endpoints) as ApiEndpoint[])
        .filter((endpoint) => endpoint.scope === scope)
        .map(({ operationId, summary }) => ({ operationId, summary })),
    })),
    clientExamples: clientExamples(origin),
    changelog: apiV1Changelog.map(({ version, date, changes }) => ({ version, date, changes: changes.map(marked) })),
    problems: apiProblemCodes.map(({ code, status, meaning }) => ({
      code,
      status,
      meaning: marked(meaning),
      anchor: problemAnchor(code),
    })),
  }
}

export type DevelopersReferenceData = ReturnType<typeof developersReference>
