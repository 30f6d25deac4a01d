import { describe, expect, it } from 'vitest'
import { outboxPage } from './outbox-page.js'

describe('the development outbox page', () => {
  const link = `http://localhost:3000/manage/${'t'.repeat(180)}`
  const html = outboxPage([
    { id: 1, to: 'pat@personal.test', subject: 'Your sign-in link', text: `Sign in:\n${link}`, created_at: 0 },
  ])

  it('links back to the portal, and lets a long link wrap inside the page', () => {
    expect(html).toContain('<a href="/">License Portal: sign in</a>')
    expect(html).toContain('<a href="/manage">Manage Licenses</a>')
    expect(html).toContain(`<a href="${link}">${link}</a>`)
    // A link is one word to the browser: without this it runs past the page's edge on a phone.
    expect(html).toMatch(/pre\{[^}]*overflow-wrap:anywhere/)
  })
})
