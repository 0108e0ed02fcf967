import { readFile } from 'node:fs/promises'
import { toAnswer, withoutCors, type Answer } from '../core/answer.js'
import { fail } from '../contract/envelope.js'
import { ERRORS } from '../vocabulary/errors.js'
import type { CoreRequest } from '../core/core-request.js'
import { ADMIN_BASE_PATH } from '../core/admin/dispatch-admin.js'

/** Where the dashboard's own files are served: `/__sandbox/dashboard/<file>`. */
export const DASHBOARD_ASSETS_PATH = `${ADMIN_BASE_PATH}dashboard/`

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

/** The files `npm run build` puts in dist/dashboard/ (scripts/bundle-dashboard.mjs), by name: a fixed set. */
const FILE_TYPES: ReadonlyMap<string, string> = new Map([
  ['index.html', 'text/html; charset=utf-8'],
  ['dashboard.js', 'text/javascript; charset=utf-8'],
  ['dashboard.css', 'text/css; charset=utf-8'],
  ['icon.svg', 'image/svg+xml'],
])

/** The folder of the built page, from this module in src/ or dist/, or the CLI's bundle in dist/cli/. */
const FOLDER = new URL('../../dist/dashboard/', import.meta.url)

/** `/__sandbox`, the dashboard's address without its last slash. */
export const DASHBOARD_BARE_PATH = ADMIN_BASE_PATH.slice(0, -1)

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

/**
 * The dashboard's file a request asks for, or `undefined` when it is not one: `GET /__sandbox/`
 * from a browser (its `Accept` names `text/html`) is the page; API clients asking for JSON keep
 * the admin API's own answer there. `''` is `/__sandbox` from a browser: a redirect to the page.
 * `null` is another method than GET on a file of the page: a 405.
 *
 * @example
 * dashboardFile({ method: 'GET', path: '/__sandbox/', header: () => 'text/html' }) // 'index.html'
 */
export function dashboardFile(request: Pick<CoreRequest, 'method' | 'path' | 'header'>): string | null | undefined {
  if (request.path === DASHBOARD_BARE_PATH) return request.method === 'GET' && isBrowser(request) ? '' : undefined
  if (request.path === ADMIN_BASE_PATH) return request.method === 'GET' && isBrowser(request) ? 'index.html' : undefined
  if (!request.path.startsWith(DASHBOARD_ASSETS_PATH)) return undefined
  const name = request.path.slice(DASHBOARD_ASSETS_PATH.length)
  if (!FILE_TYPES.has(name)) return undefined
  return request.method === 'GET' ? name : null
}

/** A browser's navigation asks for HTML first; API clients ask for JSON or anything. */
function isBrowser(request: Pick<CoreRequest, 'header'>): boolean {
  return (request.header('accept') ?? '').includes('text/html')
}

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
      'content-type': FILE_TYPES.get(name)!,
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
 * const file = dashboardFile(request)
 * if (file !== undefined) send(await dashboardAnswer(file))
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
