import { describe, expect, it } from 'vitest'
import { otherViewFields, showingText, tableView, viewHref, windowsOf } from './license-windows'

describe('a license table view in the URL', () => {
  it('reads each table the URL names, and defaults anything it cannot read', () => {
    const params = new URLSearchParams(
      'page-personal=3&q-acme=+ann%40x.test+&filter-acme=expired&size-acme=100&size-beta=7&filter-beta=nope&dialog=assign',
    )
    expect(windowsOf(params)).toEqual([
      { table: 'personal', page: 3, pageSize: 50, search: '', filter: 'all' },
      { table: 'acme', page: 1, pageSize: 100, search: 'ann@x.test', filter: 'expired' },
      { table: 'beta', page: 1, pageSize: 50, search: '', filter: 'all' },
    ])
    expect(tableView(new URLSearchParams('page-x=-2'), 'x').page).toBe(1)
    expect(tableView(new URLSearchParams('page-x=2.5'), 'x').page).toBe(1)
    expect(tableView(new URLSearchParams(`q-x=${'a'.repeat(300)}`), 'x').search).toHaveLength(100)
  })

  it('changes one table and keeps the rest of the view, not a dialog; a new search starts at page 1', () => {
    const search = '?inactive=show&page-acme=4&page-personal=2&dialog=assign&license=l1'
    expect(viewHref(search, 'acme', { search: 'ann' })).toBe('/manage?inactive=show&page-personal=2&q-acme=ann')
    expect(viewHref(search, 'acme', { page: 5 })).toBe('/manage?inactive=show&page-acme=5&page-personal=2')
    expect(viewHref('?page-acme=2', 'acme', { page: 1 })).toBe('/manage')
    expect(viewHref('', 'acme', { filter: 'expiring', pageSize: 200 })).toBe(
      '/manage?size-acme=200&filter-acme=expiring',
    )
  })

  it("the search form carries the other tables' views and not its own", () => {
    expect(otherViewFields('?q-acme=a&page-acme=2&page-personal=3&inactive=show&dialog=x', 'acme')).toEqual([
      ['page-personal', '3'],
      ['inactive', 'show'],
    ])
  })

  it('says which rows show of how many', () => {
    expect(showingText({ page: 2, pageSize: 50, matching: 9812, narrowed: true })).toBe(
      'Showing 51–100 of 9,812 matching',
    )
    expect(showingText({ page: 3, pageSize: 50, matching: 120, narrowed: false })).toBe('Showing 101–120 of 120')
    expect(showingText({ page: 1, pageSize: 50, matching: 0, narrowed: true })).toBe('No licenses match.')
  })
})
