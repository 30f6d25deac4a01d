/**
 * The examples of README.md and docs/deployment.md's SCIM section, run as written against a seeded service: the demo
 * SCIM token and its curl line, and the settings Okta's and Entra ID's connection tests use (base URL, header,
 * unique identifier), each followed by the request that provider's test makes.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScim } from './scim-client.js'

let server: Awaited<ReturnType<typeof startScim>>
beforeAll(async () => {
  server = await startScim()
}, 60_000)
afterAll(() => server.close())

const readme = fs.readFileSync('README.md', 'utf8')
const deployment = fs.readFileSync('docs/deployment.md', 'utf8')

/** A `curl -H '…' URL` line as written, sent to the test server instead of the documented host. */
async function runCurl(line: string, documentedOrigin: string) {
  const headers = [...line.matchAll(/-H '([^:']+):\s*([^']*)'/g)].map((m) => [m[1], m[2]] as [string, string])
  const url = /\s(https?:\/\/\S+?)`?\.?$/.exec(line.trim())?.[1]
  if (!url) throw new Error(`no address in ${line}`)
  return fetch(url.replace(documentedOrigin, server.origin), { headers })
}

describe('README.md', () => {
  it("lists Initech's demo SCIM token, and its curl line lists Initech's people", async () => {
    const token = /Initech's demo SCIM token is `(lp_scim_\w+)`/.exec(readme)?.[1]
    expect(token).toMatch(/^lp_scim_[0-9A-Za-z]{43}$/)
    const line = readme.split('\n').find((l) => l.includes(`curl -H 'Authorization: Bearer ${token}'`))
    expect(line).toBeDefined()
    const answer = await runCurl(line!.replace(/^`|`\.?$/g, ''), 'http://localhost:3000')
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { totalResults: number; Resources: Array<{ userName: string }> }
    expect(body.Resources.map((u) => u.userName)).toContain('peter@initech.test')
  })
})

describe('docs/deployment.md, section 12', () => {
  const section = deployment.slice(deployment.indexOf('## 12.'), deployment.indexOf('## 13.'))
  const token = /Initech's demo SCIM token is `(lp_scim_\w+)`/.exec(readme)![1]
  const headerOf = (text: string) => /Authorization `(Bearer) lp_scim_…`/.exec(text)?.[1]

  it("passes Okta's Test Connector Configuration with the settings as written", async () => {
    const okta = section.slice(section.indexOf('**Okta**'), section.indexOf('**Microsoft Entra ID**'))
    const base = /SCIM connector base URL `([^`]+)`/.exec(okta)![1].replace('https://portal.example.com', server.origin)
    expect(/unique identifier field\s+for users `(\w+)`/.exec(okta)?.[1]).toBe('userName')
    const headers = { authorization: `${headerOf(okta)} ${token}` }
    expect((await fetch(`${base}ServiceProviderConfig`, { headers })).status).toBe(200)
    const filter = encodeURIComponent('userName eq "peter@initech.test"')
    const found = await fetch(`${base}Users?filter=${filter}&startIndex=1&count=1`, { headers })
    expect(((await found.json()) as { totalResults: number }).totalResults).toBe(1)
  })

  it("passes Entra ID's Test Connection with the Tenant URL and Secret Token as written", async () => {
    const entra = section.slice(section.indexOf('**Microsoft Entra ID**'))
    const tenant = /Tenant URL `([^`]+)`/.exec(entra)![1].replace('https://portal.example.com', server.origin)
    // Entra ID asks for a user that does not exist, with the secret token as a bearer token.
    const filter = encodeURIComponent('userName eq "3b2a9c58-0000-4000-8000-000000000000"')
    const answer = await fetch(`${tenant}Users?filter=${filter}`, { headers: { authorization: `Bearer ${token}` } })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ totalResults: 0, Resources: [] })
  })

  it('accepts what it says it accepts: the filters named and pages of up to 200', async () => {
    const accepts = section.slice(section.indexOf('What the service accepts'))
    const headers = { authorization: `Bearer ${token}` }
    for (const attribute of ['userName', 'externalId', 'emails.value', 'active']) {
      expect(accepts).toContain(`\`${attribute}\``)
      const value = attribute === 'active' ? 'true' : '"x@initech.test"'
      const answer = await fetch(
        `${server.origin}/scim/v2/Users?filter=${encodeURIComponent(`${attribute} eq ${value}`)}`,
        {
          headers,
        },
      )
      expect(answer.status).toBe(200)
    }
    const most = Number(/up to (\d+) a page/.exec(accepts)?.[1])
    const page = await fetch(`${server.origin}/scim/v2/Users?count=${most + 50}`, { headers })
    expect(((await page.json()) as { Resources: unknown[] }).Resources.length).toBeLessThanOrEqual(most)
  })
})
