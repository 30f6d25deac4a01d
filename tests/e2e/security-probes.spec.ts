import { expect, expectNoAxeViolations, signIn, test } from './fixtures'

// What an attacker with a signed-in session, or an unlucky network, sends to the running portal: names a plain object
// inherits from Object.prototype where a dialog or a form is named, bodies that are not forms, bodies the API's parser
// refuses, and a redirect target that a browser reads as another site. Each is answered with its own status and a
// message, never a server error, never the server's data, a stack or a file path.

const PROBES = ['constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'toString']

/** Marks of what must never reach an answer: environment names, the service credential's field, a stack frame. */
function expectNothingHeld(text: string) {
  for (const mark of ['SESSION_SECRET', 'SERVICE_SECRET', 'PUBLIC_URL', '"credential"', 'node_modules', '    at ']) {
    expect(text, `an answer carries ${mark}`).not.toContain(mark)
  }
}

test(
  'a Company Manager probing /manage with prototype names gets 404 and 400, and no data',
  { tag: '@once' },
  async ({ page }) => {
    await signIn(page, 'max@acme.test')
    for (const name of PROBES) {
      const data = await page.request.get(`/manage?dialog=${name}&_data=routes%2Fmanage`)
      expect(data.status(), `dialog=${name} (data)`).toBe(404)
      expectNothingHeld(await data.text())

      const post = await page.request.post('/manage?index', { form: { intent: name } })
      expect(post.status(), `intent=${name}`).toBe(400)
      expectNothingHeld(await post.text())
    }

    const response = await page.goto('/manage?dialog=constructor')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    expectNothingHeld(await page.content())
    await expectNoAxeViolations(page, 'a dialog that does not exist')
  },
)

test('bodies that are not forms are a 400 with a message', { tag: '@once' }, async ({ page }) => {
  await signIn(page, 'olivia@acme.test')
  const bodies: Array<[string, string, string]> = [
    ['/manage?index', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nassign'],
    ['/manage?index', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="int'],
    ['/manage?index', 'application/json', '{"intent":"assign"}'],
    ['/theme', 'text/plain', 'theme=dark'],
  ]
  for (const [path, type, body] of bodies) {
    const response = await page.request.post(path, { headers: { 'Content-Type': type }, data: body })
    expect(response.status(), `${path} as ${type}`).toBe(400)
    const text = await response.text()
    expect(text).toContain('The form could not be read. Please reload the page and try again.')
    expectNothingHeld(text)
  }
})

test(
  'the licensing API answers its parser refusals and unknown addresses as protocol JSON',
  { tag: '@once' },
  async ({ request }) => {
    const cases: Array<[string, Record<string, string>, string, number]> = [
      ['/api/licensing', { 'Content-Type': 'application/json' }, `{"retrieveDetails":"${'x'.repeat(1_100_000)}"}`, 413],
      ['/api/licensing', { 'Content-Type': 'application/json; charset=x-klingon' }, '{"retrieveDetails":{}}', 415],
      ['/api/nothing-here', { 'Content-Type': 'application/json' }, '{}', 404],
    ]
    for (const [path, headers, data, status] of cases) {
      const response = await request.post(path, { headers, data })
      expect(response.status(), path).toBe(status)
      expect(response.headers()['content-type']).toMatch(/^application\/json/)
      const body = (await response.json()) as { error: string; message: string }
      expect(typeof body.error).toBe('string')
      expect(body.message.length).toBeGreaterThan(0)
      expectNothingHeld(JSON.stringify(body))
    }
  },
)

test('the theme form never redirects to another site', { tag: '@once' }, async ({ request }) => {
  for (const target of ['/\t/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/']) {
    const response = await request.post('/theme', { form: { theme: 'dark', redirectTo: target }, maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/')
  }
  const kept = await request.post('/theme', { form: { theme: 'dark', redirectTo: '/help' }, maxRedirects: 0 })
  expect(kept.headers()['location']).toBe('/help')
})
