import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JUNIT_WARNINGS, MAX_FAILING_TESTS, readJunit } from '../../../src/cli/mutate/read-junit.js'

const folder = mkdtempSync(join(tmpdir(), 'analytics-sandbox-junit-'))
const write = (name: string, text: string) => {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

describe('readJunit', () => {
  it('names each failing test by classname and name, with its message and first lines, entities decoded', () => {
    const path = write(
      'one.xml',
      `<?xml version="1.0"?><testsuites><testsuite name="s"><testcase classname="client.spec.ts" name="reads &amp; keeps"/><testcase classname="client.spec.ts" name="reads the trend"><failure message="unknown trend &quot;volatile&quot;">Error: unknown trend
  at readTrend (client.spec.ts:19:9)</failure></testcase></testsuite></testsuites>`,
    )
    expect(readJunit(path)).toEqual({
      failing: [
        {
          name: 'client.spec.ts > reads the trend',
          lines: ['unknown trend "volatile"', 'Error: unknown trend', '  at readTrend (client.spec.ts:19:9)'],
        },
      ],
      failed: 1,
    })
  })

  it('reads a file of several megabytes in pieces, a test case cut at a piece edge read whole, and lists the first failing tests', () => {
    const cases = Array.from(
      { length: 20_000 },
      (_, index) => `<testcase classname="c" name="test ${index}"><failure message="m${index}">${'x'.repeat(300)}</failure></testcase>`,
    )
    const result = readJunit(write('large.xml', `<testsuites><testsuite>${cases.join('')}</testsuite></testsuites>`))
    expect(typeof result).toBe('object')
    const { failing, failed } = result as Exclude<typeof result, string>
    expect(failed).toBe(20_000)
    expect(failing.map((test) => test.name)).toEqual(Array.from({ length: MAX_FAILING_TESTS }, (_, index) => `c > test ${index}`))
  })

  it('warns, naming the file as given, where there is no file, no test suite, or a test case left open', () => {
    expect(readJunit(join(folder, 'none.xml'), 'none.xml')).toBe(JUNIT_WARNINGS.missing('none.xml'))
    expect(readJunit(write('html.xml', '<html></html>'), 'html.xml')).toBe(JUNIT_WARNINGS.illFormed('html.xml'))
    expect(readJunit(write('open.xml', '<testsuites><testcase name="x"><failure>'), 'open.xml')).toBe(JUNIT_WARNINGS.illFormed('open.xml'))
  })
})
