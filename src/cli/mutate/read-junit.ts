import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

/** Bytes of a JUnit file read at most: a suite of thousands of tests with long failures is a few MB. */
export const MAX_JUNIT_BYTES = 32 * 1024 * 1024

/** Lines of a failing test's failure kept. */
export const JUNIT_FAILURE_LINES = 8

/** Failing tests listed for one run at most; the rest are counted. */
export const MAX_FAILING_TESTS = 20

/**
 * A test that failed, as a JUnit report names it, with its failure's message and first lines.
 *
 * @example
 * const failing: FailingTest = { name: 'client > reads the trend', lines: ['AssertionError: …'] }
 */
export interface FailingTest {
  readonly name: string
  readonly lines: readonly string[]
}

/** What a JUnit file said of a run: its failing tests (at most {@link MAX_FAILING_TESTS}), and how many failed in all. */
export interface JunitResult {
  readonly failing: readonly FailingTest[]
  readonly failed: number
}

/**
 * Why a JUnit file was not read, as templates the tests import; `mutate` prints one warning line
 * for the run, and its verdict stands without test names.
 *
 * @example
 * JUNIT_WARNINGS.missing('report.xml')
 */
export const JUNIT_WARNINGS = {
  missing: (path: string) => `--junit ${JSON.stringify(path)}: the run wrote no such file, so its verdict names no tests`,
  tooLarge: (path: string) => `--junit ${JSON.stringify(path)} is over ${MAX_JUNIT_BYTES / 1024 / 1024} MiB: not read`,
  illFormed: (path: string) => `--junit ${JSON.stringify(path)} is not well-formed JUnit XML, so the run's verdict names no tests`,
} as const

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** XML text as it reads: entities and character references decoded, CDATA unwrapped. */
function decodeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, inner: string) => inner)
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
        return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
      }
      return ENTITIES[name] ?? whole
    })
}

/** An attribute's value in a tag's attribute text. */
function attribute(attributes: string, name: string): string | undefined {
  const found = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attributes)
  return found === null ? undefined : decodeXml(found[2] ?? found[3] ?? '')
}

/** Bytes read at a time: a file of 10 MB is scanned in pieces, never held whole. */
const PIECE_BYTES = 1024 * 1024

/** Characters kept from the end of a piece where no test case is open: a tag cut at its edge is read whole with the next. */
const EDGE_CHARS = 64

/** What a scan of the file found so far. */
interface Scan {
  readonly failing: FailingTest[]
  failed: number
  suite: boolean
}

/**
 * Scans `text` for whole test cases, counting and keeping the failing ones; returns where the
 * unread part starts (an open test case, or the edge of the text).
 */
function scanCases(text: string, scan: Scan): number {
  if (/<testsuites?\b/.test(text)) scan.suite = true
  const testcase = /<testcase\b([^>]*?)(\/?)>/g
  let done = 0
  for (let found = testcase.exec(text); found !== null; found = testcase.exec(text)) {
    if (found[2] === '/') {
      done = testcase.lastIndex
      continue
    }
    const end = text.indexOf('</testcase>', testcase.lastIndex)
    if (end < 0) return found.index
    const body = text.slice(testcase.lastIndex, end)
    testcase.lastIndex = done = end + '</testcase>'.length
    const failure = /<(failure|error)\b([^>]*?)(\/?)>/.exec(body)
    if (failure === null) continue
    scan.failed++
    if (scan.failing.length >= MAX_FAILING_TESTS) continue
    const name = attribute(found[1]!, 'name') ?? '(unnamed)'
    const classname = attribute(found[1]!, 'classname')
    const message = attribute(failure[2]!, 'message')
    const closing = failure[3] === '/' ? -1 : body.indexOf(`</${failure[1]}>`, failure.index)
    const inner = closing < 0 ? '' : decodeXml(body.slice(failure.index + failure[0].length, closing))
    const lines = [...(message === undefined ? [] : [message]), ...inner.split(/\r?\n/)]
      .map((line) => line.trimEnd())
      .filter((line, index, all) => line.trim() !== '' && all.indexOf(line) === index)
      .slice(0, JUNIT_FAILURE_LINES)
    scan.failing.push({ name: classname === undefined || classname === '' ? name : `${classname} > ${name}`, lines })
  }
  return Math.max(done, text.length - EDGE_CHARS)
}

/**
 * Reads the JUnit XML report at `path` a suite wrote (vitest, jest-junit, pytest `--junitxml`,
 * go-junit-report, Surefire): each `testcase` with a `failure` or an `error`, named `classname >
 * name`, with the failure's message and first lines. It reads a megabyte at a time, so a file of
 * 10 MB costs the run little memory. A string is the warning where it could not be read (no file,
 * too large, not JUnit XML), naming the file as `shown` (as the user gave it).
 *
 * @example
 * const result = readJunit('report.xml')
 * if (typeof result !== 'string') result.failing.map((test) => test.name)
 */
export function readJunit(path: string, shown = path): JunitResult | string {
  let fd: number
  try {
    if (statSync(path).size > MAX_JUNIT_BYTES) return JUNIT_WARNINGS.tooLarge(shown)
    fd = openSync(path, 'r')
  } catch {
    return JUNIT_WARNINGS.missing(shown)
  }
  const scan: Scan = { failing: [], failed: 0, suite: false }
  const piece = Buffer.alloc(PIECE_BYTES)
  const decoder = new StringDecoder('utf8')
  let carried = ''
  try {
    for (;;) {
      const read = readSync(fd, piece, 0, PIECE_BYTES, null)
      const text = carried + (read === 0 ? decoder.end() : decoder.write(piece.subarray(0, read)))
      const from = scanCases(text, scan)
      carried = text.slice(from)
      if (read === 0) break
    }
  } catch {
    return JUNIT_WARNINGS.missing(shown)
  } finally {
    closeSync(fd)
  }
  // A test case left open at the end, or no test suite at all: not JUnit XML as written.
  if (!scan.suite || carried.includes('<testcase')) return JUNIT_WARNINGS.illFormed(shown)
  return { failing: scan.failing, failed: scan.failed }
}
