import { DOCUMENTED_KEYS } from '../vocabulary/documented-keys.js'
import { GENERATED_USER_KEY } from '../model/generate-fixtures.js'
import type { LogFormat } from '../server/request-logger.js'

/** What the start-up banner reports. */
export interface BannerFacts {
  readonly version: string
  readonly url: string
  readonly format: LogFormat
  readonly today: string
  readonly frozen: boolean
  readonly seed: number
  /** The fixtures file, or `undefined` for the documented default data. */
  readonly fixtures: string | undefined
  readonly generated: number
  /** Names of the scenarios in force from the start. */
  readonly scenarios: readonly string[]
  /** The mutation every answer of its endpoint is given with (ANALYTICS_SANDBOX_MUTATION), if any. */
  readonly mutation?: string | undefined
  /** The admin API's token: shown only when the server made it up (a given one is the user's secret). */
  readonly admin: { readonly token: string | undefined; readonly generated: boolean }
}

const KEY_NOTES: Record<string, string> = {
  [DOCUMENTED_KEYS.user]: 'USER     user 1: projects 101, 102, 103',
  [DOCUMENTED_KEYS.project]: 'PROJECT  project 101',
  [DOCUMENTED_KEYS.otherUser]: 'USER     user 2: project 201',
  [DOCUMENTED_KEYS.emptyUser]: 'USER     user 3: no projects',
  [DOCUMENTED_KEYS.expired]: 'USER     expired: always 401',
  [DOCUMENTED_KEYS.revoked]: 'USER     revoked: always 401',
}

/**
 * Matches the line that says the server listens, the first on stdout with `--log pretty` and the only
 * one with `--log none`; group 1 is the API's base URL. A harness in any language waits for it.
 *
 * @example
 * READY_LINE.exec('analytics-sandbox 0.1.0 listening on http://127.0.0.1:4010/api/v1/')?.[1] // 'http://127.0.0.1:4010/api/v1/'
 */
export const READY_LINE = /^analytics-sandbox \S+ listening on (http:\/\/\S+)$/m

/**
 * The line that says the server listens, with the API's base URL at its end.
 *
 * @example
 * formatReadyLine('0.1.0', 'http://127.0.0.1:4010/api/v1/') // 'analytics-sandbox 0.1.0 listening on http://127.0.0.1:4010/api/v1/\n'
 */
export function formatReadyLine(version: string, url: string): string {
  return `analytics-sandbox ${version} listening on ${url}\n`
}

/**
 * What is printed once the server listens. `--log pretty`: the ready line (see {@link READY_LINE}),
 * then today, seed, data, keys, and a first request to paste. `--log none`: the ready line alone.
 * `--log json`: one JSON line, `{"event":"listening","url":…}`, like the request log.
 */
export function formatBanner(facts: BannerFacts): string {
  const keys: string[] = facts.fixtures === undefined ? Object.values(DOCUMENTED_KEYS) : []
  if (facts.generated > 0) keys.push(GENERATED_USER_KEY)
  if (facts.format === 'json') {
    const { url, version, today, seed, scenarios } = facts
    const admin = { token_required: facts.admin.token !== undefined, ...(facts.admin.generated ? { token: facts.admin.token } : {}) }
    const mutation = facts.mutation === undefined ? {} : { mutation: facts.mutation }
    return `${JSON.stringify({ event: 'listening', url, version, today, seed, scenarios, ...mutation, admin, keys })}\n`
  }
  if (facts.format === 'none') return formatReadyLine(facts.version, facts.url)
  const data = `${facts.fixtures ?? 'documented default data'}${facts.generated > 0 ? ` + ${facts.generated} generated projects` : ''}`
  const lines = [
    formatReadyLine(facts.version, facts.url).trimEnd(),
    `  Today  ${facts.today} (UTC${facts.frozen ? ', frozen by --now' : ''})   Seed ${facts.seed}`,
    `  Data   ${data}`,
    `  Admin  ${new URL('/__sandbox/', facts.url).href} (the dashboard, in a browser)   Scenarios ${facts.scenarios.length > 0 ? facts.scenarios.join(', ') : 'none'}`,
    // A mutation left in the environment after mutate would break answers silently: it is said.
    ...(facts.mutation === undefined
      ? []
      : [`  Mutation ${facts.mutation} (from ANALYTICS_SANDBOX_MUTATION: answers are broken on purpose)`]),
    ...(facts.admin.token === undefined
      ? []
      : [
          `         requires X-Sandbox-Admin-Token: ${facts.admin.generated ? `${facts.admin.token} (made up: this address is reachable from other machines)` : 'the one given'}`,
        ]),
    ...keys.map(
      (key, index) =>
        `  ${index === 0 ? 'Keys' : '    '}   ${key.padEnd(18)} ${KEY_NOTES[key] ?? `USER     generated account (${facts.generated} projects)`}`,
    ),
    `  Try    curl -H 'X-API-Key: ${keys[0] ?? '<your key>'}' ${facts.url}projects`,
    '',
  ]
  return `${lines.join('\n')}\n`
}

/**
 * With `--log none`, where stdout has the ready line alone, the made-up admin token goes to stderr in
 * this one line; `undefined` when there is nothing to say (no token, or the user's own).
 *
 * @example
 * const note = formatTokenNote(facts)
 * if (note !== undefined) process.stderr.write(note)
 */
export function formatTokenNote(facts: BannerFacts): string | undefined {
  if (facts.format !== 'none' || !facts.admin.generated) return undefined
  return `analytics-sandbox: the admin API requires X-Sandbox-Admin-Token: ${facts.admin.token} (made up: this address is reachable from other machines)\n`
}
