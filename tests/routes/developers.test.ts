import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { apiV1Endpoints } from '#protocol/api/api-v1-endpoints'
import { apiProblemCodes, API_V1_BASE } from '#protocol/api/api-v1'
import { problemType } from '../../service/api/problems'
import { DevelopersReference } from '#app/routes/developers'
import { developersReference } from '#app/routes/__developers/reference.server'
import { clientExamples } from '#app/routes/__developers/client-examples'
import { apiV1Changelog } from '#protocol/api/api-v1-changelog'
import { apiTokenScopes } from '#protocol/shared/access-tokens'
import { apiV1Document } from '../../service/api/openapi'

const html = renderToStaticMarkup(
  createElement(DevelopersReference, { reference: developersReference('https://portal.example') }),
)
const idList = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])
const ids = new Set(idList)

describe('/developers', () => {
  it("has the entry every problem's type points at, one per code", () => {
    for (const { code } of apiProblemCodes) {
      const type = new URL(problemType('https://portal.example', code))
      expect(type.pathname).toBe('/developers')
      expect(ids.has(type.hash.slice(1)), `${code} → ${type.hash}`).toBe(true)
    }
    // An anchor named twice would land on the first only.
    expect(idList.length).toBe(ids.size)
  })

  it('documents every endpoint with a curl example at this origin, and links the OpenAPI document', () => {
    for (const endpoint of Object.values(apiV1Endpoints)) {
      expect(ids.has(endpoint.operationId), endpoint.operationId).toBe(true)
      expect(html).toContain(`${endpoint.method.toUpperCase()} ${endpoint.path}`)
    }
    expect(html.match(/curl( -X POST)? &quot;https:\/\/portal\.example\/api\/v1\//g)).toHaveLength(
      Object.keys(apiV1Endpoints).length,
    )
    expect(html).toContain(`href="${API_V1_BASE}/openapi.json"`)
  })

  it('gives every link of its contents a section to land on', () => {
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])
    expect(targets.length).toBeGreaterThan(5)
    for (const target of targets) expect(ids.has(target), target).toBe(true)
  })

  it('renders code marks as code, never as backticks, and names the scheme the address has', () => {
    const text = (markup: string) => markup.replace(/<pre[\s\S]*?<\/pre>/g, '')
    expect(text(html)).not.toContain('`')
    expect(html).toMatch(/<code[^>]*>expectedHolder<\/code> still holds it/)
    expect(html).toContain('JSON over HTTPS at')

    const local = renderToStaticMarkup(
      createElement(DevelopersReference, { reference: developersReference('http://localhost:3000') }),
    )
    expect(local).toContain('JSON over HTTP at')
    expect(local).not.toContain('HTTPS')
  })

  it('shows the typed client examples exactly as the test that runs them has them', () => {
    const escaped = (text: string) =>
      text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#x27;')
    for (const example of clientExamples('https://portal.example')) {
      expect(html).toContain(`<code>${escaped(example.code)}</code>`)
      expect(ids.has(example.id), example.id).toBe(true)
    }
  })

  it("names every scope with its endpoints, and each endpoint's scope", () => {
    for (const scope of apiTokenScopes) expect(html).toMatch(new RegExp(`scope="row"><code[^>]*>${scope}</code>`))
    for (const endpoint of Object.values(apiV1Endpoints)) {
      expect(html).toContain(`href="#${endpoint.operationId}"`)
      expect(html).toMatch(new RegExp(`${endpoint.path}</code> · scope <code[^>]*>${endpoint.scope}</code>`))
    }
  })

  it('has a dated changelog whose newest version is the document’s', () => {
    expect(ids.has('changelog')).toBe(true)
    expect(apiV1Changelog[0]!.version).toBe(apiV1Document('https://portal.example').info.version)
    for (const entry of apiV1Changelog) {
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(html).toContain(`<time dateTime="${entry.date}">`)
    }
  })
})
