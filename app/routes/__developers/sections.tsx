// /developers' sections on scopes, the typed client and the changelog, from the reference the server reads.
import type { ReactNode } from 'react'
import { Code, Heading, Link, Table, Text } from '#app/components/themes'
import type { DevelopersReferenceData, Marked } from './reference.server'

export function MarkedText({ text }: { text: Marked }) {
  return text.map((piece, i) => (piece.code ? <Code key={i}>{piece.text}</Code> : piece.text))
}

/** A section of the page under its h2, named by it. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" size="6" mt="6" mb="3" id={id}>
        {title}
      </Heading>
      {children}
    </section>
  )
}

export function ScopesSection({ scopes }: Pick<DevelopersReferenceData, 'scopes'>) {
  return (
    <Section id="scopes" title="Scopes">
      <Text as="p" mb="3">
        Give a token only the scopes its script needs. An endpoint the token&apos;s scopes do not cover answers 403{' '}
        <Code>FORBIDDEN</Code>, naming the scope (also in <Code>WWW-Authenticate</Code>, as{' '}
        <Code>error=&quot;insufficient_scope&quot;</Code>). A personal token can have <Code>read</Code> and{' '}
        <Code>keys</Code>. A company token with <Code>people</Code> creates and revokes the company&apos;s tokens: it
        never grants a scope it does not hold itself (403), and a token that expires creates only tokens that expire no
        later.
      </Text>
      <Table.Root variant="surface">
        <caption className="visually-hidden">Scopes of an API token</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Scope</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Allows</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Endpoints</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {scopes.map(({ scope, allows, endpoints }) => (
            <Table.Row key={scope}>
              <Table.RowHeaderCell>
                <Code>{scope}</Code>
              </Table.RowHeaderCell>
              <Table.Cell>{allows}</Table.Cell>
              <Table.Cell>
                {endpoints.length === 0
                  ? scope === 'keys'
                    ? 'Any: it adds licenseKey to the licenses an answer holds.'
                    : 'None yet.'
                  : endpoints.map(({ operationId, summary }, i) => (
                      <span key={operationId}>
                        {i > 0 ? ', ' : null}
                        <Link href={`#${operationId}`} underline="always">
                          {summary}
                        </Link>
                      </span>
                    ))}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  )
}

export function ClientSection({ examples }: { examples: DevelopersReferenceData['clientExamples'] }) {
  return (
    <Section id="client" title="A typed client">
      <Text as="p" mb="3">
        In TypeScript, generate the API&apos;s types from <Code>openapi.json</Code> with openapi-typescript and call it
        with openapi-fetch: paths, parameters, bodies and answers are checked as you write them. Generate the types
        again when this page&apos;s changelog says v1 gained something.
      </Text>
      {examples.map((example) => (
        <section key={example.id} aria-labelledby={example.id}>
          <Heading as="h3" size="4" mt="4" mb="2" id={example.id}>
            {example.title}
          </Heading>
          <pre className="help-code">
            <code>{example.code}</code>
          </pre>
        </section>
      ))}
    </Section>
  )
}

export function ChangelogSection({ changelog }: Pick<DevelopersReferenceData, 'changelog'>) {
  return (
    <Section id="changelog" title="Changelog">
      {changelog.map((entry) => (
        <section key={entry.version} aria-labelledby={`v${entry.version.replace(/\./g, '-')}`}>
          <Heading as="h3" size="4" mt="4" mb="2" id={`v${entry.version.replace(/\./g, '-')}`}>
            {entry.version} · <time dateTime={entry.date}>{entry.date}</time>
          </Heading>
          <ul>
            {entry.changes.map((change, i) => (
              <li key={i}>
                <Text as="span">
                  <MarkedText text={change} />
                </Text>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Section>
  )
}
