// /developers: the REST API v1's reference, rendered on the server from the endpoints' own declarations.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Box, Code, Container, Heading, Link, Table, Text } from '#app/components/themes'
import { developersReference, type DevelopersReferenceData } from './__developers/reference.server'
import { ChangelogSection, ClientSection, MarkedText, ScopesSection } from './__developers/sections'
import type { FrameHandle } from '#app/root'

export async function loader({ request }: LoaderFunctionArgs) {
  // The examples name the address this page was opened at, so they can be pasted as they are.
  return developersReference(new URL(request.url).origin)
}

/** Nothing to do in the browser: the reference is text and links (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction = () => [
  { title: 'Developers: REST API v1 | License Portal' },
  { name: 'description', content: "The License Portal REST API: a company's licenses, assignments and subscriptions." },
]

const contents = [
  ['authentication', 'Authentication'],
  ['scopes', 'Scopes'],
  ['client', 'A typed client'],
  ['endpoints', 'Endpoints'],
  ['writes', 'Changes: expected holder and Idempotency-Key'],
  ['paging', 'Paging'],
  ['rate-limits', 'Rate limits'],
  ['errors', 'Errors'],
  ['versioning', 'Versioning'],
  ['changelog', 'Changelog'],
] as const

export default function DevelopersRoute() {
  return <DevelopersReference reference={useLoaderData<typeof loader>()} />
}

/** The whole reference; its examples send their requests to `reference.origin`. */
export function DevelopersReference({ reference }: { reference: DevelopersReferenceData }) {
  const { origin, base, endpoints, problems } = reference
  return (
    <Container size="3" px="4" py="6" className="help-page">
      <Heading as="h1" size="8" mb="3">
        REST API v1
      </Heading>
      <Text as="p" size="3" mb="3">
        What Manage Licenses does for a company, from your own scripts: read its licenses, subscriptions, seat usage and
        activity log; assign and free licenses; change its subscriptions; manage its people, domains, sign-in settings,
        directory, webhooks and tokens. Renewals, which a person pays at the checkout, stay in Manage Licenses. JSON
        over {origin.startsWith('https:') ? 'HTTPS' : 'HTTP'} at <Code>{`${origin}${base}`}</Code>.
      </Text>
      <Text as="p" size="3" mb="5">
        The machine-readable description is{' '}
        <Link href={`${base}/openapi.json`} underline="always">
          openapi.json
        </Link>{' '}
        (OpenAPI 3.1), generated from the same schemas the API validates with.
      </Text>

      <Box asChild mb="6">
        <nav aria-labelledby="developers-contents" className="help-contents">
          <Text as="p" id="developers-contents" size="2" weight="bold" mb="2">
            On this page
          </Text>
          <ul>
            {contents.map(([id, title]) => (
              <li key={id}>
                <Link href={`#${id}`} size="2" underline="hover">
                  {title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Box>

      <section aria-labelledby="authentication">
        <Heading as="h2" size="6" mt="6" mb="3" id="authentication">
          Authentication
        </Heading>
        <Text as="p" mb="3">
          A Company Administrator or Reseller Administrator creates API tokens in{' '}
          <Link href="/manage" underline="always">
            Manage Licenses
          </Link>{' '}
          (API tokens, among the company&apos;s actions): a name, its{' '}
          <Link href="#scopes" underline="always">
            scopes
          </Link>{' '}
          and an optional expiry. The token is shown once; send it as <Code>Authorization: Bearer lp_api_…</Code>. A
          personal token (Personal API tokens, in the Personal part of the page) reads your own licenses (
          <Code>/me/licenses</Code>), with their keys if it has <Code>keys</Code>, and nothing else. A token reaches its
          own company only: another company&apos;s id is not found (404). A revoked or expired token is refused with 401{' '}
          <Code>NOT_AUTHENTICATED</Code>.
        </Text>
      </section>

      <ScopesSection scopes={reference.scopes} />
      <ClientSection examples={reference.clientExamples} />

      <section aria-labelledby="endpoints">
        <Heading as="h2" size="6" mt="6" mb="3" id="endpoints">
          Endpoints
        </Heading>
        {endpoints.map((endpoint) => (
          <section key={endpoint.operationId} aria-labelledby={endpoint.operationId}>
            <Heading as="h3" size="4" mt="5" mb="2" id={endpoint.operationId}>
              {endpoint.summary}
            </Heading>
            <Text as="p" mb="2">
              <Code>
                {endpoint.method.toUpperCase()} {endpoint.path}
              </Code>{' '}
              · scope <Code>{endpoint.scope}</Code>
            </Text>
            <Text as="p" mb="2">
              <MarkedText text={endpoint.description} />
            </Text>
            <pre className="help-code">
              <code>{endpoint.curl}</code>
            </pre>
          </section>
        ))}
      </section>

      <section aria-labelledby="writes">
        <Heading as="h2" size="6" mt="6" mb="3" id="writes">
          Changes: expected holder and Idempotency-Key
        </Heading>
        <Text as="p" mb="3">
          Assign and unassign name the holder you last saw (<Code>expectedHolder</Code>, <Code>&quot;&quot;</Code> for a
          free license). If someone changed the license meanwhile, the answer is 409 <Code>ASSIGNMENT_CHANGED</Code> and
          nothing changes: read the license again and decide. Send an <Code>Idempotency-Key</Code> (a UUID) with every
          change: a repeat with the same key, after a timeout say, answers what the first request did and changes
          nothing twice. Keys are kept for 24 hours. A change that answers a secret (a new API or SCIM token, a new
          webhook endpoint) is the exception: the secret is answered once, so a repeat of its key is refused with 422{' '}
          <Code>INVALID_STATE</Code> (list them to see what was made). Changes are in the company&apos;s activity log as
          &quot;API (token name)&quot;.
        </Text>
      </section>

      <section aria-labelledby="paging">
        <Heading as="h2" size="6" mt="6" mb="3" id="paging">
          Paging
        </Heading>
        <Text as="p" mb="3">
          Lists answer <Code>{'{ "data": [...], "nextCursor": "…" }'}</Code>, {reference.pageSize} items a page unless{' '}
          <Code>limit</Code> says otherwise (at most {reference.maxPageSize}). Pass <Code>cursor=nextCursor</Code> for
          the next page; the last page has <Code>nextCursor: null</Code>. Licenses come in the portal&apos;s order, and
          a page never repeats or skips one while assignments change.
        </Text>
      </section>

      <section aria-labelledby="rate-limits">
        <Heading as="h2" size="6" mt="6" mb="3" id="rate-limits">
          Rate limits
        </Heading>
        <Text as="p" mb="3">
          Each token has its own limit per minute. Every answer carries <Code>RateLimit-Policy</Code> (the limit) and{' '}
          <Code>RateLimit</Code> (what is left, and the seconds until it resets); beyond it the answer is 429 with{' '}
          <Code>Retry-After</Code>.
        </Text>
      </section>

      <section aria-labelledby="errors">
        <Heading as="h2" size="6" mt="6" mb="3" id="errors">
          Errors
        </Heading>
        <Text as="p" mb="3">
          A refusal is a problem details object (RFC 9457, <Code>application/problem+json</Code>) with <Code>type</Code>
          , <Code>title</Code>, <Code>status</Code>, <Code>detail</Code> (a sentence you can show), <Code>code</Code>{' '}
          (stable within v1) and, for a request that does not validate, <Code>errors</Code> with a JSON pointer per
          field.
        </Text>
        <Table.Root variant="surface">
          <caption className="visually-hidden">Error codes of the REST API</caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Code</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Meaning</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {problems.map((problem) => (
              <Table.Row key={problem.code} id={problem.anchor}>
                <Table.RowHeaderCell>
                  <Code>{problem.code}</Code>
                </Table.RowHeaderCell>
                <Table.Cell>{problem.status}</Table.Cell>
                <Table.Cell>
                  <MarkedText text={problem.meaning} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </section>

      <section aria-labelledby="versioning">
        <Heading as="h2" size="6" mt="6" mb="3" id="versioning">
          Versioning
        </Heading>
        <Text as="p" mb="3">
          Within v1 the API only grows: new endpoints, new optional parameters, new fields in answers (ignore the ones
          you do not know). A change that would break a client comes as <Code>/api/v2/</Code> beside v1, which keeps
          answering for at least twelve months, announced with <Code>Deprecation</Code> and <Code>Sunset</Code> headers
          (RFC 9745, RFC 8594) on its answers and in the{' '}
          <Link href="#changelog" underline="always">
            changelog
          </Link>
          . The licensing protocol the editors use (<Code>/api/licensing</Code>) is internal; its versioned description
          is{' '}
          <Link href="/api/licensing/openapi.json" underline="always">
            /api/licensing/openapi.json
          </Link>
          .
        </Text>
      </section>

      <ChangelogSection changelog={reference.changelog} />
    </Container>
  )
}
