import { Table } from '#app/components/themes'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AccessToken } from '#protocol/shared/access-token-reads'
import { expiryWords, TokenCells } from './access-token-parts'

const DAY = 86_400_000
const token = (expiresAt: number | null): AccessToken => ({
  id: 't1',
  kind: 'api',
  name: 'Deploy script',
  scopes: ['read'],
  hint: 'lp_api_Ab3x',
  createdBy: 'olivia@acme.test',
  createdAt: Date.UTC(2026, 0, 5),
  expiresAt,
  lastUsedAt: null,
})
const cells = (t: AccessToken) =>
  renderToStaticMarkup(
    <Table.Root>
      <Table.Body>
        <Table.Row>
          <TokenCells token={t} />
        </Table.Row>
      </Table.Body>
    </Table.Root>,
  )

describe('a token in a list', () => {
  it('says when it expires while that is ahead, and that it expired once it is past', () => {
    const at = Date.UTC(2026, 10, 20)
    expect(expiryWords(at, at - DAY)).toBe('expires November 20, 2026')
    expect(expiryWords(at, at)).toBe('expired November 20, 2026')
    expect(expiryWords(at, at + DAY)).toBe('expired November 20, 2026')
  })
  it('shows the past expiry as "expired" and a token without one as neither', () => {
    expect(cells(token(Date.now() - DAY))).toMatch(/lp_api_Ab3x<\/code> · expired /)
    expect(cells(token(Date.now() + 30 * DAY))).toMatch(/lp_api_Ab3x<\/code> · expires /)
    expect(cells(token(null))).not.toMatch(/expire/)
  })
})
