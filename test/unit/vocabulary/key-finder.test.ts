/**
 * KeyFinder against its contract, and against a naive finder (for every position, the longest known
 * key of MIN_SUBSTRING_KEY_CHARS or more starting there, leftmost first) over random key sets, texts
 * and add/delete sequences. Seeded (`KEY_FINDER_SEED` tries others); fast-check prints the seed and
 * the shrunk counterexample on a disagreement.
 */
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { KeyFinder, MIN_SUBSTRING_KEY_CHARS } from '../../../src/vocabulary/key-finder.js'

const SEED = Number(process.env.KEY_FINDER_SEED ?? 20260301)
const runs = (numRuns: number) => ({ seed: SEED, numRuns })

/** A mask that shows which key it replaced. */
const bracket = (key: string) => `<${key}>`

/** A finder that knows `keys`. */
function finderOf(...keys: string[]): KeyFinder {
  const finder = new KeyFinder()
  for (const key of keys) finder.add(key)
  return finder
}

/** `text` masked as the contract says, the slow and obvious way. */
function naiveMask(known: ReadonlyMap<string, number>, text: string, mask: (key: string) => string): string {
  if (known.has(text)) return mask(text)
  let shown = ''
  let start = 0
  while (start < text.length) {
    let longest = ''
    for (const key of known.keys()) {
      if (key.length >= MIN_SUBSTRING_KEY_CHARS && key.length > longest.length && text.startsWith(key, start)) longest = key
    }
    shown += longest === '' ? text[start] : mask(longest)
    start += Math.max(1, longest.length)
  }
  return shown
}

/** Few letters, so that random keys overlap, share prefixes and suffixes, and hold one another. */
const letter = fc.constantFrom('a', 'b', 'b', '_', 'é')
/**
 * `count` distinct keys of 1 to 12 characters (about half too short to be found inside a text),
 * most cut from two random strings, so that they hold, start and end one another.
 */
function keySet(count: { minLength: number; maxLength: number }): fc.Arbitrary<string[]> {
  const base = fc.string({ unit: letter, minLength: 16, maxLength: 16 })
  return fc.tuple(base, base).chain((bases) => {
    const cut = fc
      .record({ base: fc.constantFrom(...bases), start: fc.noBias(fc.nat(4)), length: fc.noBias(fc.integer({ min: 1, max: 12 })) })
      .map(({ base, start, length }) => base.slice(start, start + length))
    return fc.uniqueArray(fc.oneof(cut, cut, cut, fc.string({ unit: letter, minLength: 1, maxLength: 12 })), { ...count, size: 'max' })
  })
}
/** Keys a random sequence of adds and deletes chooses from. */
const POOL = 30

/** A piece of a text: a known key (by index) whole, cut after or before `cut` characters, or random characters. */
interface Piece {
  readonly key: number
  readonly cut: number
  readonly kind: 'whole' | 'prefix' | 'suffix' | 'noise'
  readonly noise: string
}
const text = fc.array(
  fc.record({
    key: fc.noBias(fc.nat(POOL - 1)),
    cut: fc.noBias(fc.nat(12)),
    kind: fc.constantFrom('whole' as const, 'prefix' as const, 'prefix' as const, 'suffix' as const, 'noise' as const),
    noise: fc.string({ unit: letter, maxLength: 2 }),
  }),
  { maxLength: 16, size: 'max' },
)

/** The text `pieces` describe, with `keys` for their keys. */
function textOf(keys: readonly string[], pieces: readonly Piece[]): string {
  let shown = ''
  for (const piece of pieces) {
    const chosen = keys.length === 0 ? '' : (keys[piece.key % keys.length] as string)
    if (piece.kind === 'whole') shown += chosen
    if (piece.kind === 'prefix') shown += chosen.slice(0, piece.cut)
    if (piece.kind === 'suffix') shown += chosen.slice(piece.cut)
    shown += piece.noise
  }
  return shown
}

describe('KeyFinder', () => {
  it('finds a key that is the whole text', () => {
    const finder = finderOf('sbx_user_alpha')
    expect(finder.mask('sbx_user_alpha', bracket)).toBe('<sbx_user_alpha>')
    expect(finder.contains('sbx_user_alpha')).toBe(true)
    expect(finder.has('sbx_user_alpha')).toBe(true)
  })

  it('finds a key inside a longer text, whatever is around it', () => {
    const finder = finderOf('sbx_user_alpha')
    expect(finder.mask('pre-sbx_user_alpha-post', bracket)).toBe('pre-<sbx_user_alpha>-post')
    expect(finder.mask('/api/v1/projects?auth=xsbx_user_alphax', bracket)).toBe('/api/v1/projects?auth=x<sbx_user_alpha>x')
    expect(finder.contains('Bearer sbx_user_alpha')).toBe(true)
    expect(finder.has('pre-sbx_user_alpha-post')).toBe(false)
  })

  it('finds several keys, and the same key several times, in one string', () => {
    const finder = finderOf('sbx_user_alpha', 'sbx_project_101', 'sbx_project_17_9f3a2c1b')
    expect(finder.mask('/sbx_project_101/x?k=sbx_user_alpha&j=sbx_project_17_9f3a2c1b&again=sbx_user_alpha', bracket)).toBe(
      '/<sbx_project_101>/x?k=<sbx_user_alpha>&j=<sbx_project_17_9f3a2c1b>&again=<sbx_user_alpha>',
    )
  })

  it('masks the longest of keys that start at the same place, one a prefix of the other', () => {
    const finder = finderOf('sbx_user_alpha', 'sbx_user_alpha2')
    expect(finder.mask('a sbx_user_alpha2 b sbx_user_alpha c', bracket)).toBe('a <sbx_user_alpha2> b <sbx_user_alpha> c')
  })

  it('masks the leftmost of overlapping keys and goes on after it, so a later key it overlaps stays partly shown', () => {
    const finder = finderOf('sbx_user_alpha', 'user_alpha_beta_gamma', 'alpha2_gamma')
    expect(finder.mask('sbx_user_alpha_beta_gamma', bracket)).toBe('<sbx_user_alpha>_beta_gamma')
    expect(finder.mask('user_alpha_beta_gamma', bracket)).toBe('<user_alpha_beta_gamma>')
    // A key that is a suffix of a longer one, both ending at the same place: the longer starts first.
    finder.add('xsbx_user_alpha')
    expect(finder.mask('-xsbx_user_alpha-', bracket)).toBe('-<xsbx_user_alpha>-')
  })

  it('finds a key that ends inside the start of a longer key the text does not finish', () => {
    const finder = new KeyFinder({ recentKeys: 0 })
    finder.add('abcdefghijklmnop')
    finder.add('bcdefghijklm')
    expect(finder.mask('abcdefghijklmz', bracket)).toBe('a<bcdefghijklm>z')
    expect(finder.mask('abcdefghijklmnop', bracket)).toBe('<abcdefghijklmnop>')
  })

  it('masks the longest key at a place when the shorter and the longer are in different generations, either way round', () => {
    for (const [older, newer] of [
      ['sbx_user_alpha', 'sbx_user_alpha2'],
      ['sbx_user_alpha2', 'sbx_user_alpha'],
    ] as const) {
      const finder = finderOf(older, 'sbx_user_b_1', 'sbx_user_c_2', 'sbx_user_d_3', 'sbx_user_e_4')
      expect(finder.mask('-sbx_user_alpha2-', bracket)).toBe(older === 'sbx_user_alpha' ? '-<sbx_user_alpha>2-' : '-<sbx_user_alpha2>-')
      finder.add(newer)
      expect(finder.mask('-sbx_user_alpha2-', bracket)).toBe('-<sbx_user_alpha2>-')
    }
  })

  it('finds a key shorter than MIN_SUBSTRING_KEY_CHARS only as the whole text', () => {
    const finder = finderOf('a', 'abc1234')
    expect('abc1234'.length).toBeLessThan(MIN_SUBSTRING_KEY_CHARS)
    expect(finder.mask('banana abc12345', bracket)).toBe('banana abc12345')
    expect(finder.contains('banana abc12345')).toBe(false)
    expect(finder.mask('a', bracket)).toBe('<a>')
    expect(finder.mask('abc1234', bracket)).toBe('<abc1234>')
    expect(finder.contains('abc1234')).toBe(true)
    expect(finder.has('a')).toBe(true)
  })

  it('forgets a deleted key at once, though it waits in its automaton for a merge, and finds it again once added again', () => {
    const finder = finderOf(
      'sbx_user_alpha',
      'sbx_user_beta_1',
      'sbx_user_gamma_2',
      'sbx_user_delta_3',
      'sbx_user_epsilon_4',
      'sbx_user_zeta_5',
    )
    expect(finder.contains('x sbx_user_alpha')).toBe(true)
    finder.delete('sbx_user_alpha')
    expect(finder.has('sbx_user_alpha')).toBe(false)
    expect(finder.contains('x sbx_user_alpha')).toBe(false)
    expect(finder.mask('x sbx_user_alpha sbx_user_zeta_5', bracket)).toBe('x sbx_user_alpha <sbx_user_zeta_5>')
    finder.add('sbx_user_alpha')
    expect(finder.mask('x sbx_user_alpha sbx_user_zeta_5', bracket)).toBe('x <sbx_user_alpha> <sbx_user_zeta_5>')
    // Added and deleted between two scans: never built into an automaton.
    finder.add('sbx_user_eta_6')
    finder.delete('sbx_user_eta_6')
    expect(finder.mask('x sbx_user_eta_6', bracket)).toBe('x sbx_user_eta_6')
  })

  it('counts adds: a key added twice and deleted once is still known, and forgotten by the second delete', () => {
    const finder = finderOf('sbx_user_alpha', 'sbx_user_alpha', 'a', 'a')
    expect(finder.size).toBe(2)
    expect(finder.shortKeys).toBe(1)
    finder.delete('sbx_user_alpha')
    finder.delete('a')
    expect(finder.size).toBe(2)
    expect(finder.shortKeys).toBe(1)
    expect(finder.mask('-sbx_user_alpha-', bracket)).toBe('-<sbx_user_alpha>-')
    expect(finder.has('a')).toBe(true)
    finder.delete('sbx_user_alpha')
    finder.delete('a')
    finder.delete('never added')
    finder.delete('b')
    expect(finder.size).toBe(0)
    expect(finder.shortKeys).toBe(0)
    expect(finder.mask('-sbx_user_alpha-', bracket)).toBe('-sbx_user_alpha-')
    expect(finder.has('a')).toBe(false)
  })

  it('gives back the text itself, without calling mask, when no key is in it', () => {
    const finder = finderOf('sbx_user_alpha', 'short')
    const mask = vi.fn(bracket)
    const text = '/api/v1/projects/101/analytics/summary?date_from=2026-01-01'
    expect(finder.mask(text, mask)).toBe(text)
    expect(finder.mask('', mask)).toBe('')
    expect(new KeyFinder().mask(text, mask)).toBe(text)
    expect(mask).not.toHaveBeenCalled()
  })

  it('keeps count through many adds and deletes of the same keys with no scan between', () => {
    const finder = finderOf('sbx_user_alpha')
    for (let round = 0; round < 10_000; round++) {
      finder.add(`sbx_user_churn_${round % 3}`)
      finder.delete(`sbx_user_churn_${round % 3}`)
      finder.add('sbx_user_alpha')
      finder.delete('sbx_user_alpha')
    }
    finder.add('sbx_user_churn_1')
    expect(finder.size).toBe(2)
    expect(finder.mask('sbx_user_alpha sbx_user_churn_0 sbx_user_churn_1', bracket)).toBe(
      '<sbx_user_alpha> sbx_user_churn_0 <sbx_user_churn_1>',
    )
  })

  it('finds keys with characters outside the chosen-key alphabet: spaces, slashes, accents, emoji', () => {
    const keys = ['key with spaces', 'fixture/key/1', 'clé-été-ß-001', 'emoji-🔑-key-42', '\u0000\uffff-edge-key-01']
    const finder = finderOf(...keys)
    for (const key of keys) {
      expect(finder.mask(`«${key}»`, bracket), key).toBe(`«<${key}>»`)
      expect(finder.contains(`x${key}x`), key).toBe(true)
    }
    expect(finder.mask('clé-été-ß-002 🔑', bracket)).toBe('clé-été-ß-002 🔑')
  })

  it('finds keys among many that branch at the same character, whatever the character', () => {
    const branches = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_.-éß€🔑']
    const finder = finderOf(...branches.map((branch) => `sbx_key_ab_${branch}${branch}`))
    for (const branch of branches) {
      expect(finder.mask(`/sbx_key_ab_${branch}${branch}/`, bracket), branch).toBe(`/<sbx_key_ab_${branch}${branch}>/`)
      expect(finder.mask(`/sbx_key_ab_${branch}/`, bracket), branch).toBe(`/sbx_key_ab_${branch}/`)
    }
    expect(finder.mask('sbx_key_ab_!!', bracket)).toBe('sbx_key_ab_!!')
  })

  it('masks a long text in which every position starts a key, and keys hold one another 121 deep', () => {
    const finder = new KeyFinder()
    for (let length = MIN_SUBSTRING_KEY_CHARS; length <= 128; length++) finder.add('a'.repeat(length))
    expect(finder.mask('a'.repeat(16_000), () => '*')).toBe('*'.repeat(125))
    expect(finder.mask(`${'a'.repeat(128 + MIN_SUBSTRING_KEY_CHARS - 1)}b`, () => '*')).toBe(`*${'a'.repeat(MIN_SUBSTRING_KEY_CHARS - 1)}b`)
  })

  it('finds every key added one by one, each followed by a scan, across the merges of its generations', () => {
    const finder = new KeyFinder()
    for (let id = 0; id < 3000; id++) {
      finder.add(`sbx_project_${id}_9f3a2c1b`)
      expect(finder.mask(`/a/sbx_project_${id}_9f3a2c1b/b`, bracket)).toBe(`/a/<sbx_project_${id}_9f3a2c1b>/b`)
    }
    for (let id = 0; id < 3000; id += 7) expect(finder.contains(`?k=sbx_project_${id}_9f3a2c1b`)).toBe(true)
    for (let id = 0; id < 3000; id += 2) finder.delete(`sbx_project_${id}_9f3a2c1b`)
    expect(finder.size).toBe(1500)
    expect(finder.mask('sbx_project_10_9f3a2c1b sbx_project_11_9f3a2c1b', bracket)).toBe(
      'sbx_project_10_9f3a2c1b <sbx_project_11_9f3a2c1b>',
    )
  })

  it('masks as the naive finder does, over random keys and texts made of their pieces', () => {
    fc.assert(
      fc.property(keySet({ minLength: 0, maxLength: 30 }), fc.array(text, { maxLength: 10 }), (keys, texts) => {
        const finder = finderOf(...keys)
        const known = new Map(keys.map((each) => [each, 1]))
        for (const pieces of [...texts, keys.map((_, index) => ({ key: index, cut: 0, kind: 'whole' as const, noise: '' }))]) {
          const shown = textOf(keys, pieces)
          const expected = naiveMask(known, shown, bracket)
          expect(finder.mask(shown, bracket)).toBe(expected)
          expect(finder.contains(shown)).toBe(expected !== shown)
        }
      }),
      runs(300),
    )
  })

  it('masks as the naive finder does after random adds and deletes that cross generation merges and compactions', () => {
    const operation = fc.oneof(
      fc.record({ op: fc.constant('add' as const), key: fc.nat(POOL - 1) }),
      fc.record({ op: fc.constant('delete' as const), key: fc.nat(POOL - 1) }),
      fc.record({ op: fc.constant('scan' as const), text }),
    )
    const options = fc.record({ recentKeys: fc.integer({ min: 0, max: 3 }), firstLevelKeys: fc.integer({ min: 1, max: 4 }) })
    const pool = keySet({ minLength: POOL, maxLength: POOL })
    fc.assert(
      fc.property(options, pool, fc.array(operation, { maxLength: 300 }), (settings, keys, operations) => {
        const finder = new KeyFinder(settings)
        const known = new Map<string, number>()
        for (const step of operations) {
          if (step.op === 'scan') {
            const shown = textOf(keys, step.text)
            const expected = naiveMask(known, shown, bracket)
            expect(finder.mask(shown, bracket)).toBe(expected)
            expect(finder.contains(shown)).toBe(expected !== shown)
            continue
          }
          const chosen = keys[step.key] as string
          const count = known.get(chosen) ?? 0
          if (step.op === 'add') {
            finder.add(chosen)
            known.set(chosen, count + 1)
          } else {
            finder.delete(chosen)
            if (count > 1) known.set(chosen, count - 1)
            else known.delete(chosen)
          }
          expect(finder.size).toBe(known.size)
          expect(finder.shortKeys).toBe([...known.keys()].filter((each) => each.length < MIN_SUBSTRING_KEY_CHARS).length)
          expect(finder.has(chosen)).toBe(known.has(chosen))
        }
      }),
      runs(300),
    )
  })
})
