import { describe, expect, it } from 'vitest'
import { findFailure } from '../../../src/cli/mutate/find-failure.js'
import { cleanOutput, OUTPUT_LINE_CHARS } from '../../../src/cli/mutate/run-suite.js'

describe('findFailure', () => {
  it("finds pytest's failure, its assertion line and its summary", () => {
    const output = [
      '..F',
      '=================================== FAILURES ===================================',
      '________________________________ test_trend _________________________________',
      '    def test_trend(session):',
      '>       assert trend in ("up", "down", "stable")',
      "E       AssertionError: assert 'volatile' in ('up', 'down', 'stable')",
      '=========================== short test summary info ============================',
      '========================= 1 failed, 2 passed in 0.12s ==========================',
    ].join('\n')
    const found = findFailure(output, '')
    expect(found.first[0]).toBe('________________________________ test_trend _________________________________')
    expect(found.assertion).toBe('>       assert trend in ("up", "down", "stable")')
    expect(found.summary).toBe('========================= 1 failed, 2 passed in 0.12s ==========================')
  })

  it("finds go test's failure and summary", () => {
    const found = findFailure(
      '=== RUN   TestTrend\n--- FAIL: TestTrend (0.00s)\n    client_test.go:12: unknown trend volatile\nFAIL\nFAIL\texample.com/client\t0.01s\n',
      '',
    )
    expect(found.first[0]).toBe('--- FAIL: TestTrend (0.00s)')
    expect(found.summary).toBe('FAIL\texample.com/client\t0.01s')
  })

  it('reads a long output as its start and its end', () => {
    const found = findFailure(' FAIL  a.spec.ts > one\nAssertionError: x', ' Tests  1 failed | 9 passed (10)')
    expect(found.first).toEqual([' FAIL  a.spec.ts > one', 'AssertionError: x', '…', ' Tests  1 failed | 9 passed (10)'])
    expect(found.summary).toBe('Tests  1 failed | 9 passed (10)')
  })
})

describe('cleanOutput', () => {
  it('keeps tabs as spaces, drops controls and lone carriage returns without a U+FFFD, and cuts a long line', () => {
    expect(cleanOutput('\u001b[31m--- FAIL\u001b[39m\tError Trace:\tclient_test.go:12\u0007\r\n')).toBe(
      '--- FAIL  Error Trace:  client_test.go:12\r\n',
    )
    expect(cleanOutput('50%\r100%\n')).toBe('50%100%\n')
    expect(cleanOutput('x'.repeat(OUTPUT_LINE_CHARS + 10))).toBe(`${'x'.repeat(OUTPUT_LINE_CHARS)}…`)
  })
})
