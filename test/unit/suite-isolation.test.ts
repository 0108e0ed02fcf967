import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The slow tier runs its files in one module graph per worker (vitest.config.ts): a file that
// mocked a module, stubbed a global or changed the environment would leave it to the next file.
// A static look: a server, msw listener or child process left open is each file's own afterAll's
// to close, and a count kept in a shared module is read as a difference (expect-conforming.ts).

const TEST_DIR = fileURLToPath(new URL('../', import.meta.url))

/** What leaves state behind in a shared module graph. */
const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ['a mocked module', /\bvi\.(?:mock|doMock|unmock)\(/],
  ['a stubbed global, variable or method', /\bvi\.(?:stubGlobal|stubEnv|spyOn)\(/],
  ['fake timers or a set system time', /\bvi\.(?:useFakeTimers|setSystemTime)\(/],
  [
    'a changed environment',
    /\bprocess\.env(?:\.\w+|\[[^\]]+\])?\s*(?:\?\?|\|\||&&)?=(?!=)|\bdelete\s+process\.env\b|(?:Object\.assign|Reflect\.set)\(\s*process\.env\b/,
  ],
  ['a changed working directory', /\bprocess\.chdir\(/],
  ['a global set', /\bglobal(?:This)?(?:\.\w+|\[[^\]]+\])\s*(?:\?\?|\|\||&&)?=(?!=)|Object\.defineProperty\(\s*global(?:This)?\b/],
]

/** Files that set such state on purpose and undo it after each test, with how. */
const UNDONE: Readonly<Record<string, string>> = {
  'cli/load-bundle.test.ts': 'its bundles report through globals, deleted after each test',
}

/** The slow tier's files and the helpers they import: every .ts under test/ but unit/, timing/ and node_modules. */
function slowTierFiles(): string[] {
  return readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !/^(unit|timing)\//.test(path) && !path.includes('node_modules'))
    .sort()
}

describe('the slow tier, one module graph per worker', () => {
  it('has test files and helpers to look at', () => {
    expect(slowTierFiles().length).toBeGreaterThan(50)
  })

  it('mocks no module, stubs no global, and changes neither the environment nor the working directory', () => {
    const found = slowTierFiles().flatMap((path) => {
      if (path in UNDONE) return []
      const text = readFileSync(`${TEST_DIR}${path}`, 'utf8')
      return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${path}: ${what}`)
    })
    expect(found).toEqual([])
  })

  it('would see each of those (the check can fail)', () => {
    const samples = [
      "vi.mock('node:fs')",
      "vi.stubGlobal('fetch', f)",
      "vi.spyOn(console, 'log')",
      'vi.useFakeTimers()',
      'vi.setSystemTime(0)',
      "process.env.PORT = '1'",
      "process.env['PORT'] = '1'",
      "process.env.PORT ??= '1'",
      'process.env = {}',
      "Reflect.set(process.env, 'PORT', '1')",
      'process.chdir(dir)',
      'globalThis.x = 1',
      "globalThis['x'] = 1",
      'global.fetch = f',
      "Object.defineProperty(globalThis, 'x', {})",
    ]
    expect(samples.map((sample) => LEAKS.some(([, pattern]) => pattern.test(sample)))).toEqual(samples.map(() => true))
    for (const reading of ["process.env.HOSTILE_SCALE === 'full'", "process.env['PORT'] !== undefined", 'const env = { ...process.env }']) {
      expect(
        LEAKS.some(([, pattern]) => pattern.test(reading)),
        reading,
      ).toBe(false)
    }
  })
})
