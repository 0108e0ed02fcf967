import { maskKey } from '../vocabulary/mask-key.js'
import { createProber } from './probe.js'
import { verifyAccount } from './verify-account.js'
import { verifyAnalytics } from './verify-analytics.js'
import { createVerifyRun, type VerifyCheck } from './create-verify-run.js'

/**
 * What `verifyContract` checks, and how it reaches the deployment.
 *
 * @example
 * const options: VerifyOptions = { baseUrl: 'https://api.example.com/api/v1/', apiKey: process.env.ANALYTICS_API_KEY! }
 */
export interface VerifyOptions {
  /** The API's base URL, ending in `/api/v1/` (a missing final slash is added). */
  readonly baseUrl: string
  readonly apiKey: string
  /** The project the analytics checks use (USER-level keys); default: the first listed. */
  readonly projectId?: number
  /** Per request; default 10 000 ms. */
  readonly timeoutMs?: number
  /** Only the checks the specification itself states, not the sandbox's gap decisions. */
  readonly specOnly?: boolean
  /** Default: the global `fetch` (so msw's `setupServer` can answer it in-process). */
  readonly fetch?: typeof fetch
}

/**
 * A verify run's outcome. It never holds the key, only its masked form.
 *
 * @example
 * const report: VerifyReport = await verifyContract(options)
 * if (!report.ok) process.exitCode = 1
 */
export interface VerifyReport {
  readonly baseUrl: string
  /** The key as logs may show it: `sbx_us…ha`. */
  readonly key: string
  readonly keyLevel: 'USER' | 'PROJECT' | undefined
  readonly projectId: number | undefined
  readonly checks: readonly VerifyCheck[]
  readonly passed: number
  readonly failed: number
  readonly skipped: number
  /** No check failed. */
  readonly ok: boolean
}

/**
 * Why a run could not be made at all (as opposed to checks that failed).
 *
 * @example
 * try { await verifyContract(options) } catch (error) { if (error instanceof VerifyError) console.error(error.message) }
 */
export class VerifyError extends Error {
  override readonly name = 'VerifyError'
}

/**
 * `baseUrl` as an http(s) URL ending in `/`, or a {@link VerifyError}.
 *
 * @example
 * normalizeBaseUrl('http://127.0.0.1:4010/api/v1') // 'http://127.0.0.1:4010/api/v1/'
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new VerifyError(`--base-url must be an http(s) URL such as http://127.0.0.1:4010/api/v1/ (got "${baseUrl}")`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new VerifyError(`--base-url must be an http(s) URL (got "${url.protocol}")`)
  if (url.search !== '' || url.hash !== '') throw new VerifyError('--base-url must not carry a query or a fragment')
  return url.href.endsWith('/') ? url.href : `${url.href}/`
}

/**
 * A read-only conformance run against any deployment of the API, the real one or a sandbox: GET
 * requests only. It checks the envelope, statuses, `errors.error` codes, field types and formats,
 * and the promises that tie the endpoints together. Throws {@link VerifyError} only when the
 * deployment cannot be reached at all; failed checks are in the report.
 *
 * @example
 * const report = await verifyContract({ baseUrl: 'http://127.0.0.1:4010/api/v1/', apiKey: 'sbx_user_alpha' })
 * report.ok // true
 */
export async function verifyContract(options: VerifyOptions): Promise<VerifyReport> {
  const baseUrl = normalizeBaseUrl(options.baseUrl)
  if (options.apiKey === '') throw new VerifyError('--api-key must not be empty')
  const probe = createProber({
    baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch ?? globalThis.fetch,
  })
  const first = await probe({ path: 'validate' })
  if (first.failure !== undefined) throw new VerifyError(`cannot reach ${baseUrl}: ${first.failure}`)
  // The user's own mistakes are not drift: said in one line, exit 2, before any check.
  if (first.status === 404)
    throw new VerifyError(`${baseUrl}validate answered 404: --base-url must be the API's base URL, ending in /api/v1/`)
  if (first.status === 401) {
    throw new VerifyError(
      'the key was refused (401): it is unknown, expired or revoked; verify needs a valid key (--api-key, ANALYTICS_API_KEY)',
    )
  }
  if (options.projectId !== undefined) {
    const access = await probe({ path: 'validate', projectId: String(options.projectId) })
    if (access.status === 403)
      throw new VerifyError(
        `--project-id ${options.projectId}: the key has no access to that project (403); choose one GET /projects lists for it`,
      )
  }
  const run = createVerifyRun(probe, options.specOnly === true)
  const account = await verifyAccount(run, options.projectId)
  await verifyAnalytics(run, account)
  const count = (result: VerifyCheck['result']) => run.checks.filter((check) => check.result === result).length
  const failed = count('fail')
  const key = maskKey(options.apiKey) ?? '…'
  // A deployment may echo the key back in an answer verify quotes: the report shows it masked.
  const checks = JSON.parse(JSON.stringify(run.checks).replaceAll(JSON.stringify(options.apiKey).slice(1, -1), key)) as VerifyCheck[]
  return {
    baseUrl,
    key,
    keyLevel: account.key?.key_level,
    projectId: account.projectId,
    checks,
    passed: count('pass'),
    failed,
    skipped: count('skip'),
    ok: failed === 0,
  }
}
