import { readFile } from 'node:fs/promises'
import { toAnswer, withoutCors, type Answer } from '../core/answer.js'
import { fail } from '../contract/envelope.js'
import { ERRORS } from '../vocabulary/errors.js'
import { ADMIN_BASE_PATH } from '../core/admin/admin-paths.js'
import { DASHBOARD_FILE_TYPES } from '../core/admin/dashboard-file.js'

/**
 * The page may load its own files and talk to its own origin, nothing else: no CDN, no inline
 * script, no frame around it. A browser enforces it, so the page cannot reach another origin even
 * by mistake.
 *
 * @example
 * response.headers.get('content-security-policy') === DASHBOARD_CSP
 */
export const DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** The folder of the built page, from this module in src/ or dist/, or the CLI's bundle in dist/cli/. */
const FOLDER = new URL('../../dist/dashboard/', import.meta.url)

/** Sends a browser from {@link DASHBOARD_BARE_PATH} on to the page, whose links are relative to it. */
const REDIRECT: Answer = {
  status: 308,
  headers: { location: ADMIN_BASE_PATH, 'content-length': '0', 'cache-control': 'no-store' },
  body: new Uint8Array(0),
}

/**
 * What a method other than GET on one of the dashboard's files is told: 405 with `Allow: GET`, in
 * the envelope and without CORS headers, as the admin API answers a method it does not take.
 */
export const DASHBOARD_METHOD_DETAIL = "The dashboard's files are read with GET"

const METHOD_NOT_ALLOWED: Answer = withoutCors(toAnswer(fail(ERRORS.methodNotAllowed, DASHBOARD_METHOD_DETAIL), { allow: 'GET' }))

/** Each file's answer, read once on its first request: nothing is read while the sandbox starts. */
const answers = new Map<string, Promise<Answer>>()

async function readAnswer(name: string): Promise<Answer> {
  let body: Uint8Array
  try {
    body = await readFile(new URL(name, FOLDER))
  } catch {
    // Not kept: a page built while the sandbox runs is served on the next request.
    answers.delete(name)
    const text = `The dashboard is not built (no ${name} in dist/dashboard/): run npm run build\n`
    return {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      body: new TextEncoder().encode(text),
    }
  }
  return {
    status: 200,
    headers: {
      'content-type': DASHBOARD_FILE_TYPES.get(name)!,
      'content-length': String(body.byteLength),
      // The files change only with the package: a reload asks again, and nothing stale is shown.
      'cache-control': 'no-cache',
      'content-security-policy': DASHBOARD_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body,
  }
}

/**
 * The answer for one of the dashboard's files (see {@link dashboardFile}): read from dist/dashboard/
 * on its first request and kept (four files, about 70 kB), served with {@link DASHBOARD_CSP}.
 * Never rejects: a package built without the page answers 404 saying how to build it; `null`
 * (another method than GET) answers 405.
 *
 * @example
 * const settings = { ...NO_SERVER, dashboard: dashboardAnswer } // the core asks for a file it routed
 */
export function dashboardAnswer(name: string | null): Promise<Answer> {
  if (name === null) return Promise.resolve(METHOD_NOT_ALLOWED)
  if (name === '') return Promise.resolve(REDIRECT)
  let answer = answers.get(name)
  if (answer === undefined) {
    answer = readAnswer(name)
    answers.set(name, answer)
  }
  return answer
}
