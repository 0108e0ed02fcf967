import { createRequire } from 'node:module'
import { mswRuntimeProblem } from '../vocabulary/msw-runtime-problem.js'

/**
 * On a Node too old for msw 3 (before 22.12), reads the installed msw's version, at once, and when
 * it is 3 says so in one line on stderr, before the test's first request can fail deep inside msw
 * with "Promise.withResolvers is not a function" or "fetch failed". The Node entry calls it as it
 * is imported; on a newer Node it reads nothing. Never throws: msw missing or unreadable is msw's
 * own error to give.
 *
 * @example
 * warnOfOldNode(process.versions.node, (line) => void process.stderr.write(line))
 */
export function warnOfOldNode(nodeVersion: string, write: (line: string) => void): void {
  // Whether msw 3 could run here at all: only then is msw's own version worth reading.
  if (mswRuntimeProblem('3.0.0', nodeVersion) === undefined) return
  let version: string
  try {
    version = (createRequire(import.meta.url)('msw/package.json') as { version: string }).version
  } catch {
    return
  }
  const problem = mswRuntimeProblem(version, nodeVersion)
  if (problem !== undefined) write(`analytics-sandbox: ${problem}\n`)
}
