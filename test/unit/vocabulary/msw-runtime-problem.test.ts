import { describe, expect, it } from 'vitest'
import { mswRuntimeProblem } from '../../../src/vocabulary/msw-runtime-problem.js'

describe('mswRuntimeProblem', () => {
  it('says in one sentence, with both versions, that msw 3 needs Node 22.12 or later', () => {
    expect(mswRuntimeProblem('3.0.2', 'v20.20.2')).toBe(
      'msw 3.0.2 needs Node 22.12 or later, and this is Node 20.20.2: install msw 2 (npm install -D msw@2) or use a newer Node',
    )
    expect(mswRuntimeProblem('3.1.0', '22.11.0')).toMatch(/^msw 3\.1\.0 needs Node 22\.12 or later, and this is Node 22\.11\.0/)
  })

  it('finds no problem with msw 2 on any Node, or msw 3 on Node 22.12 and later', () => {
    for (const [msw, node] of [
      ['2.15.0', '20.19.0'],
      ['3.0.0', '22.12.0'],
      ['3.0.0', '24.1.0'],
      ['3.0.0', '26.0.0'],
    ]) {
      expect(mswRuntimeProblem(msw!, node!), `${msw} on ${node}`).toBeUndefined()
    }
  })
})
