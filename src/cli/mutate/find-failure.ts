/** Lines of a failure shown from where it starts. */
export const FAILURE_LINES = 12

/**
 * Where a runner starts telling of a failure, in the order they are tried: vitest's `FAIL` line
 * (its failed-tests section) and `×`, jest's `●`, pytest's `____ test_x ____`, unittest's `FAIL:`,
 * go test's `--- FAIL:`, Maven Surefire's `<<< FAILURE!`, then any assertion error.
 */
const FAILURE_STARTS: readonly RegExp[] = [
  // vitest's ` FAIL  file > test` (not go test's `FAIL\tpackage`, its summary)
  /^\s*FAIL +\S.* > /,
  /^(?:FAIL|ERROR): \S/,
  /^\s*[×✕✗]\s+\S/,
  /^\s*●\s+\S/,
  /^_{3,} .+ _{3,}$/,
  /^\s*--- FAIL:/,
  /<<< (?:FAILURE|ERROR)!/,
  /\b(?:AssertionError|AssertError|assert(?:ion)? failed)\b/i,
]

/**
 * A runner's closing summary: vitest's `Tests  1 failed | 3 passed`, jest's `Tests: 1 failed`,
 * pytest's `=== 1 failed, 2 passed in 0.12s ===`, unittest's `FAILED (failures=1)`, go test's
 * `FAIL\tpkg`, Surefire's `Tests run: 3, Failures: 1`, and the plain `N passed, N failed`.
 */
const SUMMARIES: readonly RegExp[] = [
  /^FAILED \(\w+=\d+/,
  /^\s*Tests:?\s+.*\b(?:failed|passed)\b/,
  /^=+ .*\b(?:failed|passed|error|errors)\b.* in [\d.]+s.*=+$/,
  /^(?:FAIL|ok)\s+\S+/,
  /Tests run: \d+, Failures: \d+/,
  /^\d+ passed, \d+ failed/,
]

/**
 * The line that asserted, in a failure's lines: a code frame's pointed line (vitest's and jest's
 * `> 12 |`, pytest's `>   assert …`), else a line that calls an assertion.
 */
const ASSERTION_LINES: readonly RegExp[] = [/^\s*>\s*(?:\d+\s*\|)?\s*\S/, /\b(?:expect\(|assert\w*[ (]|t\.(?:Error|Fatal)f?\()/]

/**
 * What a failed run's output says of its failure, for a reader: the first failure's first lines,
 * the line that asserted, and the runner's summary line.
 *
 * @example
 * const found: FoundFailure = findFailure(run.head, run.tail)
 * found.summary // '      Tests  1 failed | 21 passed (22)'
 */
export interface FoundFailure {
  readonly first: readonly string[]
  readonly assertion: string | null
  readonly summary: string | null
}

/** The lines of a run's output: the whole of it where it was short (no tail), else its start, a gap, and its end. */
function linesOf(head: string, tail: string): string[] {
  const text = tail === '' ? head : `${head}\n…\n${tail}`
  return text.split(/\r?\n/)
}

/**
 * Finds, in the output of vitest, jest, pytest, go test or a JUnit runner (as `runSuite` kept it),
 * the start of the first failure (its first {@link FAILURE_LINES} lines), the line that asserted
 * within it, and the runner's closing summary. Nothing found: empty lines and nulls.
 *
 * @example
 * findFailure(' FAIL  trend.test.ts > reads the trend\nAssertionError: expected …\n ❯ trend.test.ts:12:5\n', '')
 */
export function findFailure(head: string, tail: string): FoundFailure {
  const lines = linesOf(head, tail)
  let start = -1
  for (const pattern of FAILURE_STARTS) {
    start = lines.findIndex((line) => pattern.test(line))
    if (start >= 0) break
  }
  const first = start < 0 ? [] : trimEnd(lines.slice(start, start + FAILURE_LINES))
  // The failure's own lines: up to the runner's next separator (vitest's ⎯⎯⎯, pytest's ____ and ====),
  // however long its diff (a list of 2,000 ids is 2,000 lines before the code frame).
  const after = start < 0 ? -1 : lines.findIndex((line, index) => index > start && /^(?:⎯{5,}|_{5,} |={5,})/.test(line))
  const block = start < 0 ? [] : lines.slice(start, after < 0 ? undefined : after)
  // vitest marks the line that threw with a caret on the line below it: `   |  ^`.
  const caret = block.findIndex((line, index) => index > 0 && /^\s*\|\s*\^/.test(line))
  let assertion: string | null = caret > 0 ? block[caret - 1]!.replace(/^\s*\d+\|/, '').trim() : null
  for (const pattern of ASSERTION_LINES) {
    if (assertion !== null) break
    assertion = block.find((line) => pattern.test(line))?.trim() ?? null
  }
  let summary: string | null = null
  for (let index = lines.length - 1; index >= 0 && summary === null; index--) {
    if (SUMMARIES.some((pattern) => pattern.test(lines[index]!))) summary = lines[index]!.trim()
  }
  return { first, assertion, summary }
}

/** `lines` without the blank ones at their end. */
function trimEnd(lines: string[]): string[] {
  let end = lines.length
  while (end > 0 && lines[end - 1]!.trim() === '') end--
  return lines.slice(0, end)
}
