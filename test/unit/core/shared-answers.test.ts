import { describe, expect, it } from 'vitest'
import { toAnswer } from '../../../src/core/answer.js'
import { SharedAnswers } from '../../../src/core/admin/shared-answers.js'
import { ok } from '../../../src/contract/envelope.js'

const build =
  (data: unknown, from = Number.NEGATIVE_INFINITY, until = Number.POSITIVE_INFINITY) =>
  () => ({
    answer: toAnswer(ok(data, 'x')),
    from,
    until,
  })

describe('SharedAnswers', () => {
  it('builds an answer once per version and serves the same body to every caller until the version changes', () => {
    const shared = new SharedAnswers(1 << 20)
    let builds = 0
    const get = (version: string) => shared.get('keys?', version, 0, () => (builds++, build({ version })()))
    const first = get('1')
    expect(get('1').body).toBe(first.body)
    expect(builds).toBe(1)
    expect(get('2').body).not.toBe(first.body)
    expect(builds).toBe(2)
  })

  it('builds again once the clock leaves the span the answer holds over', () => {
    const shared = new SharedAnswers(1 << 20)
    const first = shared.get('keys?', '1', 5, build('a', 0, 10))
    expect(shared.get('keys?', '1', 9, build('b')).body).toBe(first.body)
    expect(new TextDecoder().decode(shared.get('keys?', '1', 10, build('c', 10, 20)).body)).toContain('"c"')
    expect(new TextDecoder().decode(shared.get('keys?', '1', -1, build('d')).body)).toContain('"d"')
  })

  it('keeps at most its capacity in bytes, the oldest going first, and keeps nothing larger than it', () => {
    const shared = new SharedAnswers(300)
    const one = shared.get('a', '1', 0, build('x'.repeat(100)))
    shared.get('b', '1', 0, build('y'.repeat(100)))
    shared.get('c', '1', 0, build('z'.repeat(100)))
    expect(shared.get('a', '1', 0, build('x'.repeat(100))).body).not.toBe(one.body)
    const huge = build('h'.repeat(1000))
    expect(shared.get('h', '1', 0, huge).body).not.toBe(shared.get('h', '1', 0, huge).body)
  })
})
