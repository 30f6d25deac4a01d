import { describe, expect, it } from 'vitest'
import { closeUrl, dialogActionUrl, dialogUrl, pageActionUrl, pageUrl, showsInactive } from './urls'

describe('the addresses of /manage keep the page’s view', () => {
  const shown = 'http://portal.test/manage?dialog=assign&license=L1&inactive=show&page-acme=2'
  const hidden = 'http://portal.test/manage?dialog=assign&license=L1&page-acme=2'

  it('reads the choice from a URL, a search or a dialog’s close address', () => {
    expect(showsInactive(new URL(shown))).toBe(true)
    expect(showsInactive(new URL(hidden))).toBe(false)
    expect(showsInactive('?inactive=show')).toBe(true)
    expect(showsInactive('/manage?inactive=show')).toBe(true)
    expect(showsInactive('/manage')).toBe(false)
    expect(showsInactive('')).toBe(false)
    expect(showsInactive('?inactive=hide')).toBe(false)
  })

  it('goes back to the page after a change, with its view and nothing else of the query', () => {
    expect(pageUrl(new URL(shown))).toBe('/manage?inactive=show&page-acme=2')
    expect(pageUrl(new URL(hidden))).toBe('/manage?page-acme=2')
    expect(pageUrl(new URL('http://portal.test/manage?index&q-acme=dev&filter-acme=expired&size-acme=100'))).toBe(
      '/manage?q-acme=dev&filter-acme=expired&size-acme=100',
    )
  })

  it('posts a row’s form to the page’s own address, never /manage?index', () => {
    expect(pageActionUrl('?inactive=show&page-acme=3')).toBe('/manage?inactive=show&page-acme=3')
    expect(pageActionUrl('?dialog=merge')).toBe('/manage')
  })

  it('opens a dialog with its own query values', () => {
    expect(dialogUrl({ dialog: 'assign', license: 'L 1', owner: 'acme' }, '?inactive=show')).toBe(
      '/manage?dialog=assign&license=L+1&owner=acme&inactive=show',
    )
    expect(dialogUrl({ dialog: 'merge' })).toBe('/manage?dialog=merge')
    expect(dialogUrl({ dialog: 'bulk-assign', company: 'C1', group: undefined }, '')).toBe(
      '/manage?dialog=bulk-assign&company=C1',
    )
    expect(dialogUrl({ dialog: 'subscription-cancel', subscription: 'S1' }, new URL(shown))).toBe(
      '/manage?dialog=subscription-cancel&subscription=S1&inactive=show&page-acme=2',
    )
  })

  it('posts a dialog’s forms to the dialog’s own address, never /manage?index', () => {
    expect(dialogActionUrl({ dialog: 'permissions', company: 'C1' }, '/manage?inactive=show')).toBe(
      '/manage?dialog=permissions&company=C1&inactive=show',
    )
    expect(dialogActionUrl({ dialog: 'change-email' }, '/manage')).toBe('/manage?dialog=change-email')
  })
})

describe('the page behind a dialog keeps its view', () => {
  const search = '?dialog=assign&license=L1&inactive=show&page-acme=2&page-personal=3'

  it('closes a dialog to the page with its view and without the dialog’s values', () => {
    expect(closeUrl(search)).toBe('/manage?inactive=show&page-acme=2&page-personal=3')
    expect(closeUrl('?dialog=merge')).toBe('/manage')
  })
})
