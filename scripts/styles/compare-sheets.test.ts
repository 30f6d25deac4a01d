import { describe, expect, it } from 'vitest'
import { compareSheets } from './compare-sheets'

describe('compareSheets', () => {
  it('names each rule gone or added, with the at-rules around it', () => {
    const before = '.a{color:red}.b{margin:0}'
    const after = '.a{color:red}@media (min-width: 768px){.b{margin:0}}.c{color:blue}'
    expect(compareSheets(before, after)).toEqual({
      gone: ['.b{margin:0}'],
      added: ['@media (min-width: 768px) .b{margin:0}', '.c{color:blue}'],
    })
  })

  it('a declaration changed is a rule gone and one added', () => {
    expect(compareSheets('.a{color:red}', '.a{color:blue}')).toEqual({
      gone: ['.a{color:red}'],
      added: ['.a{color:blue}'],
    })
  })
})
