import { answeredNow } from '../support/answered-now.js'
/**
 * Shared by the hardening tests: the default fixtures as a client knows them, an independent oracle of
 * the documented check order (route → X-Sandbox-Scenario → key → X-Project-ID → query), the envelope
 * assertion, and fast-check arbitraries over everything a client controls.
 *
 * The oracle is written from the product contract (README "How the sandbox fills the gaps of the
 * spec"), not from the guards: it shares only data (fixtures, region codes, error templates) with src.
 */
import { METHODS } from 'node:http'
import fc from 'fast-check'
import { expect } from 'vitest'
import { FIRST_DAY, LAST_DAY } from '../../src/vocabulary/calendar-date.js'
import { REGIONS } from '../../src/vocabulary/regions.js'
import type { CoreRequest, TimedAnswer } from '../../src/core/core-request.js'
import { dispatch } from '../../src/core/dispatch.js'
import { ERRORS, type ErrorTemplate } from '../../src/vocabulary/errors.js'
import { defaultFixtures } from '../../src/model/default-fixtures.js'
import type { ApiKey, Project } from '../../src/contract/fixtures-schema.js'
import { parseFixtures } from '../../src/model/parse-fixtures.js'
import type { SandboxCore } from '../../src/core/sandbox-core.js'
import { createScenarioCatalogue } from '../../src/scenarios/scenario-catalogue.js'
import { expectConforming } from '../support/expect-conforming.js'
import type { Envelope } from './raw-http.js'

// ---------------------------------------------------------------------------------------------
// Reproducibility
// ---------------------------------------------------------------------------------------------

/**
 * One seed for every property of test/hardening, so CI is reproducible; fast-check prints it (and the
 * path) on failure. `HARDENING_SEED=<n> npx vitest run test/hardening` explores other inputs.
 */
export const HARDENING_SEED = Number(process.env.HARDENING_SEED ?? 20260301)

/** fast-check parameters: the fixed seed, and the run count of the property. */
export function runs(numRuns: number): { seed: number; numRuns: number } {
  return { seed: HARDENING_SEED, numRuns }
}

// ---------------------------------------------------------------------------------------------
// The world as a client knows it
// ---------------------------------------------------------------------------------------------

/** "Today" of every hardening sandbox (`now: '2026-03-01'`). */
export const TODAY = '2026-03-01'
const MS_PER_DAY = 86_400_000
const NOW_MS = Date.parse(`${TODAY}T00:00:00Z`)
const TODAY_DAY = NOW_MS / MS_PER_DAY

export const BASE_PATH = '/api/v1/'
export const ADMIN_PATH = '/__sandbox/'
export const ENDPOINT_NAMES = ['validate', 'projects', 'monitoring', 'overview'] as const
export type EndpointName = (typeof ENDPOINT_NAMES)[number]

/** The exact paths the API answers (trailing slash tolerated, nothing else). */
const ROUTES = new Map<string, EndpointName>(
  ENDPOINT_NAMES.flatMap((name) => [
    [`${BASE_PATH}${name}`, name],
    [`${BASE_PATH}${name}/`, name],
  ]),
)

export function routeOf(path: string): EndpointName | undefined {
  return ROUTES.get(path)
}

export const FIXTURES = parseFixtures(defaultFixtures, 'fixtures/default.json')
export const FIXTURE_KEYS: readonly string[] = FIXTURES.api_keys.map((apiKey) => apiKey.key)
export const FIXTURE_PROJECT_IDS: readonly number[] = FIXTURES.projects.map((project) => project.id)

const KEY_BY_VALUE = new Map<string, ApiKey>(FIXTURES.api_keys.map((apiKey) => [apiKey.key, apiKey]))
const PROJECT_BY_ID = new Map<number, Project>(FIXTURES.projects.map((project) => [project.id, project]))

export function keyRecord(value: string | undefined): ApiKey | undefined {
  return value === undefined ? undefined : KEY_BY_VALUE.get(value)
}

export function projectRecord(id: number): Project | undefined {
  return PROJECT_BY_ID.get(id)
}

/** A key that is neither revoked nor expired on {@link TODAY}. */
export function isUsable(apiKey: ApiKey): boolean {
  return !apiKey.revoked && Date.parse(apiKey.expiry) > NOW_MS
}

/** USER: a project of the key's account; PROJECT: the key's own project. Never a project that does not exist. */
export function mayRead(apiKey: ApiKey, projectId: number): boolean {
  const project = PROJECT_BY_ID.get(projectId)
  if (project === undefined) return false
  return apiKey.level === 'USER' ? project.user_id === apiKey.user_id : apiKey.project_id === projectId
}

/** The projects a key may see, by id. */
export function visibleProjectIds(apiKey: ApiKey): number[] {
  return FIXTURES.projects.filter((project) => mayRead(apiKey, project.id)).map((project) => project.id)
}

export const SCENARIO_NAMES: ReadonlySet<string> = new Set(
  createScenarioCatalogue()
    .list()
    .map((entry) => entry.scenario.name),
)

/**
 * The scenarios under which the API's own key check decides a request: not the faults (they come
 * before the key check: the network reads no keys) and not variant-sparse (its 401 has no detail).
 */
export const KEY_CHECKED_SCENARIO_NAMES: readonly string[] = [...SCENARIO_NAMES].filter(
  (name) => !name.startsWith('fault-') && name !== 'variant-sparse',
)

/** The providers of the product contract. */
export const PROVIDER_IDS = [
  'chatgpt',
  'perplexity',
  'gemini',
  'claude',
  'copilot',
  'grok',
  'deepseek',
  'google_ai_overview',
  'google_ai_mode',
] as const
const PROVIDER_SET: ReadonlySet<string> = new Set(PROVIDER_IDS)
const REGION_SET: ReadonlySet<string> = new Set(REGIONS)

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A request as the property tests build it; an absent header is `undefined`. */
export interface Probe {
  readonly method: string
  readonly path: string
  readonly query: string
  readonly apiKey?: string | undefined
  readonly projectId?: string | undefined
  readonly scenario?: string | undefined
}

/** The probe as the core's request: only the three headers it carries exist. */
export function toCoreRequest(probe: Probe): CoreRequest {
  return {
    method: probe.method,
    path: probe.path,
    query: probe.query,
    header(name) {
      const value =
        name === 'x-api-key'
          ? probe.apiKey
          : name === 'x-project-id'
            ? probe.projectId
            : name === 'x-sandbox-scenario'
              ? probe.scenario
              : undefined
      return value ?? null
    },
  }
}

/**
 * Dispatches `probe` to `core` and checks the answer against the contract (the self-check every test
 * makes); a throw becomes a failure that names the request.
 */
export function dispatchProbe(core: SandboxCore, probe: Probe): TimedAnswer {
  let response: TimedAnswer
  try {
    response = answeredNow(dispatch(core, toCoreRequest(probe)))
  } catch (error) {
    throw new Error(`dispatch threw for ${describeProbe(probe)}: ${String(error)}`)
  }
  const text = new TextDecoder().decode(response.body)
  expectConforming({ method: probe.method, path: probe.path, status: response.status, text })
  return response
}

export function describeProbe(probe: Probe): string {
  const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…(${text.length} chars)` : text)
  return JSON.stringify({
    method: clip(probe.method),
    path: clip(probe.path),
    query: clip(probe.query),
    apiKey: probe.apiKey === undefined ? undefined : clip(probe.apiKey),
    projectId: probe.projectId === undefined ? undefined : clip(probe.projectId),
    scenario: probe.scenario === undefined ? undefined : clip(probe.scenario),
  })
}

// ---------------------------------------------------------------------------------------------
// The oracle: the documented check order
// ---------------------------------------------------------------------------------------------

/** What the contract predicts: a status and, for errors, `errors.error`. */
export interface Expectation {
  readonly status: number
  readonly error: string | undefined
}

const OK: Expectation = { status: 200, error: undefined }
const expectError = (template: ErrorTemplate): Expectation => ({ status: template.status, error: template.error })

/** Options of the sandbox the probe is sent to. */
export interface World {
  /** `empty-account` is active: every project is hidden. */
  readonly emptyAccount?: boolean
}

/** A strict `YYYY-MM-DD` calendar date as a day number, or `undefined`. */
function calendarDay(text: string): number | undefined {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text)
  if (match === null) return undefined
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined
  return Math.round(date.getTime() / MS_PER_DAY)
}

/** The query stage of /monitoring and /overview: `undefined` when it passes, else the error code. */
export function predictQuery(query: string): Expectation | undefined {
  const params = new URLSearchParams(query)
  const one = (name: string): { value: string | undefined; repeated: boolean } => {
    const all = params.getAll(name)
    return { value: all[0], repeated: all.length > 1 }
  }
  const date = (name: string): number | 'bad' | undefined => {
    const { value, repeated } = one(name)
    if (repeated) return 'bad'
    if (value === undefined) return undefined
    return calendarDay(value) ?? 'bad'
  }
  const start = date('start_date')
  if (start === 'bad') return expectError(ERRORS.invalidDate)
  const end = date('end_date')
  if (end === 'bad') return expectError(ERRORS.invalidDate)
  const resolvedEnd = end ?? (start === undefined ? TODAY_DAY : start + 29)
  const resolvedStart = start ?? resolvedEnd - 29
  if (resolvedEnd < resolvedStart) return expectError(ERRORS.invalidDateRange)
  if (resolvedEnd - resolvedStart + 1 > 366) return expectError(ERRORS.dateRangeTooLarge)
  // README: the range and the period before it must lie within 0000-01-01 to 9999-12-31.
  if (2 * resolvedStart - resolvedEnd - 1 < FIRST_DAY || resolvedEnd > LAST_DAY) return expectError(ERRORS.invalidDate)
  const provider = one('provider')
  if (provider.repeated) return expectError(ERRORS.invalidProvider)
  if (provider.value !== undefined) {
    const folded = /^[A-Za-z_]+$/.test(provider.value) ? provider.value.toLowerCase() : provider.value
    if (!PROVIDER_SET.has(folded)) return expectError(ERRORS.invalidProvider)
  }
  const region = one('region')
  if (region.repeated) return expectError(ERRORS.invalidRegion)
  if (region.value !== undefined) {
    const folded = /^[A-Za-z_]+$/.test(region.value) ? region.value.toUpperCase() : region.value
    if (!REGION_SET.has(folded)) return expectError(ERRORS.invalidRegion)
  }
  return undefined
}

/** X-Project-ID: absent or blank → `undefined`; a plain positive integer ≤ 2^53 − 1 → the id; else 'invalid'. */
export function predictProjectId(header: string | undefined): number | 'invalid' | undefined {
  // Only the spaces and tabs HTTP allows around a value (RFC 9110 OWS) are not part of it.
  const text = header?.replace(/^[ \t]+|[ \t]+$/g, '')
  if (text === undefined || text === '') return undefined
  if (!/^[1-9][0-9]*$/.test(text) || BigInt(text) > BigInt(Number.MAX_SAFE_INTEGER)) return 'invalid'
  return Number(text)
}

/**
 * The status and error code the README's check order predicts for `probe` on a sandbox with the
 * default fixtures and today = {@link TODAY}. Paths under the admin API are not modelled here.
 */
export function predict(probe: Probe, world: World = {}): Expectation {
  const endpoint = routeOf(probe.path)
  if (endpoint === undefined) return expectError(ERRORS.notFound)
  if (probe.method !== 'GET') return expectError(ERRORS.methodNotAllowed)
  let hidden = world.emptyAccount === true
  if (probe.scenario !== undefined && probe.scenario.trim() !== '') {
    const names = probe.scenario
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '')
    if (names.some((name) => !SCENARIO_NAMES.has(name))) return expectError(ERRORS.unknownScenario)
    if (names.some((name) => name !== 'empty-account')) throw new Error(`the oracle does not model the scenarios ${names.join(', ')}`)
    if (names.length > 0) hidden = true
  }
  const apiKey = keyRecord(probe.apiKey)
  if (apiKey === undefined || !isUsable(apiKey)) return expectError(ERRORS.unauthorized)
  if (endpoint === 'projects') return OK
  const projectId = predictProjectId(probe.projectId)
  if (projectId === 'invalid') return expectError(ERRORS.invalidProjectId)
  if (endpoint === 'validate') {
    if (projectId === undefined) return OK
    return mayRead(apiKey, projectId) && !hidden ? OK : expectError(ERRORS.forbidden)
  }
  const target = projectId ?? apiKey.project_id ?? undefined
  if (target === undefined) return expectError(ERRORS.missingProjectId)
  if (!mayRead(apiKey, target) || hidden) return expectError(ERRORS.forbidden)
  return predictQuery(probe.query) ?? OK
}

// ---------------------------------------------------------------------------------------------
// The envelope
// ---------------------------------------------------------------------------------------------

export const ENVELOPE_FIELDS = ['success', 'message', 'code', 'data', 'errors', 'meta_data']

/** A parsed envelope, loosely typed for assertions (the raw HTTP client's type). */
export type EnvelopeBody = Envelope

/** Statuses the API itself may answer with no scenario active. */
export const API_STATUSES: ReadonlySet<number> = new Set([200, 400, 401, 403, 404, 405])

const TEMPLATE_BY_ERROR = new Map<string, ErrorTemplate>(
  Object.values(ERRORS as Record<string, ErrorTemplate>).flatMap((template) =>
    template.error === undefined ? [] : [[template.error, template]],
  ),
)

const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * Asserts the envelope to the letter: JSON content type, content-length, exactly the six fields in
 * order, `code` = status, `success` iff 200, empty `meta_data`, empty `data` and a known
 * `errors.error` of that status (with its template's message and a detail) on errors.
 */
export function expectEnvelope(
  status: number,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: Uint8Array,
  allowed: ReadonlySet<number> = API_STATUSES,
): EnvelopeBody {
  expect(allowed.has(status), `status ${status} is not one of ${[...allowed].join(', ')}`).toBe(true)
  expect(headers['content-type']).toBe('application/json; charset=utf-8')
  expect(headers['content-length']).toBe(String(body.byteLength))
  const parsed = JSON.parse(decoder.decode(body)) as EnvelopeBody
  expect(Object.keys(parsed)).toEqual(ENVELOPE_FIELDS)
  expect(parsed.code).toBe(status)
  expect(parsed.success).toBe(status === 200)
  expect(typeof parsed.message).toBe('string')
  expect(parsed.meta_data).toEqual({})
  if (status === 200) {
    expect(parsed.errors).toEqual({})
    return parsed
  }
  expect(parsed.data).toEqual({})
  // The admin API lists a body's mistakes in errors.fields too.
  const fields = parsed.errors.error === ERRORS.invalidBody.error || parsed.errors.error === ERRORS.keyTaken.error ? ['fields'] : []
  expect(Object.keys(parsed.errors).filter((name) => !fields.includes(name))).toEqual(['error', 'detail'])
  const template = TEMPLATE_BY_ERROR.get(parsed.errors.error ?? '')
  expect(template, `errors.error ${parsed.errors.error} is not in ERRORS`).toBeDefined()
  expect(template?.status).toBe(status)
  expect(parsed.message).toBe(template?.message)
  expect(typeof parsed.errors.detail).toBe('string')
  expect(parsed.errors.detail).not.toBe('')
  return parsed
}

/** {@link expectEnvelope} on a core answer, plus: no added delay (no hang) without a latency scenario. */
export function expectCoreEnvelope(response: TimedAnswer, allowed: ReadonlySet<number> = API_STATUSES): EnvelopeBody {
  expect(response.delayMs).toBe(0)
  return expectEnvelope(response.status, response.headers, response.body, allowed)
}

/** Asserts the answer is what {@link predict} says. */
export function expectPredicted(status: number, body: EnvelopeBody, expected: Expectation): void {
  expect({ status, error: body.errors.error }).toEqual({ status: expected.status, error: expected.error })
}

// ---------------------------------------------------------------------------------------------
// Arbitraries: everything a client controls
// ---------------------------------------------------------------------------------------------

const formatDay = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10)

/** Percent-encodes like encodeURIComponent, keeping a lone surrogate as it is instead of throwing. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return text
  }
}

/** A string of `length` made by repeating `chunk` (huge values without generating them char by char). */
const repeatTo = (chunk: string, length: number): string =>
  chunk === '' ? '' : chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length)

export const knownPathArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...ENDPOINT_NAMES), fc.boolean())
  .map(([name, slash]) => `${BASE_PATH}${name}${slash ? '/' : ''}`)

/** Ways a client can write "almost" an endpoint's path: each is its own path, matched as sent. */
const PATH_MUTATIONS: ReadonlyArray<(name: string) => string> = [
  (name) => `${BASE_PATH}${name}//`,
  (name) => `${BASE_PATH}${name}/.`,
  (name) => `${BASE_PATH}${name}/..`,
  (name) => `${BASE_PATH}${name}/../${name}`,
  (name) => `${BASE_PATH}./${name}`,
  (name) => `${BASE_PATH}../v1/${name}`,
  (name) => `/api/v1//${name}`,
  (name) => `//api/v1/${name}`,
  (name) => `/api/v1${name}`,
  (name) => `/api/v2/${name}`,
  (name) => `/API/V1/${name.toUpperCase()}`,
  (name) => `${BASE_PATH}${name}%00`,
  (name) => `${BASE_PATH}${name}\u0000`,
  (name) => `${BASE_PATH}${name}%2F`,
  (name) => `${BASE_PATH}${name}%20`,
  (name) => `${BASE_PATH}${name} `,
  (name) => `${BASE_PATH}${name}.json`,
  (name) => `${BASE_PATH}${name};jsessionid=1`,
  (name) => `${BASE_PATH}${name}?`,
  (name) => `${BASE_PATH}${name}#top`,
  (name) => `${BASE_PATH}%${name.charCodeAt(0).toString(16)}${name.slice(1)}`,
  (name) => `/api%2Fv1%2F${name}`,
  (name) => `/api/v1/%2e%2e/v1/${name}`,
  (name) => `\\api\\v1\\${name}`,
  (name) => `${BASE_PATH}${name}\u200b`,
  (name) => `${BASE_PATH}${name.replace('o', '\u043e')}`,
  (name) => `${BASE_PATH}${name.replace(/[a-z]/, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0))}`,
  (name) => `${BASE_PATH}${name}%E0%A4%A`,
  (name) => `${BASE_PATH}${name}/__proto__`,
  (name) => `${BASE_PATH}__proto__/${name}`,
  (name) => `http://127.0.0.1${BASE_PATH}${name}`,
  (name) => `api/v1/${name}`,
]

export const nearMissPathArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...ENDPOINT_NAMES), fc.integer({ min: 0, max: PATH_MUTATIONS.length - 1 }))
  .map(([name, index]) => (PATH_MUTATIONS[index] ?? ((same: string) => same))(name))

const SPECIAL_SEGMENTS = [
  '..',
  '.',
  '',
  '%00',
  '\u0000',
  '%2e%2e',
  '%2E',
  '%',
  '%E0%A4%A',
  '%zz',
  '%ff',
  '__proto__',
  'constructor',
  'prototype',
  'api',
  'v1',
  '__sandbox',
  ...ENDPOINT_NAMES,
]

export const segmentArb: fc.Arbitrary<string> = fc.oneof(
  fc.webSegment(),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(...SPECIAL_SEGMENTS),
)

export const randomPathArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(segmentArb, { maxLength: 8 }).map((segments) => `/${segments.join('/')}`) },
  { weight: 2, arbitrary: fc.array(segmentArb, { minLength: 1, maxLength: 4 }).map((segments) => `${BASE_PATH}${segments.join('/')}`) },
  { weight: 1, arbitrary: fc.webPath() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '/', '*', '/api', '/api/v1', BASE_PATH, `${BASE_PATH}/`, '/..', '/%00', '\u0000') },
)

/** Paths of 1 000 to 20 000 characters, under the API or under an endpoint. */
export const longPathArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constant(BASE_PATH), knownPathArb),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
    fc.integer({ min: 1_000, max: 20_000 }),
  )
  .map(([prefix, chunk, length]) => `${prefix}${repeatTo(chunk, length)}`)

/** Any path a client can send to the API (the admin API has its own property). */
export const apiPathArb: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 10, arbitrary: knownPathArb },
    { weight: 3, arbitrary: nearMissPathArb },
    { weight: 3, arbitrary: randomPathArb },
    { weight: 1, arbitrary: longPathArb },
  )
  .filter((path) => !path.startsWith(ADMIN_PATH))

/** Names every JavaScript object inherits: a lookup by method that uses a plain object finds them. */
export const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__lookupGetter__',
] as const

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,16}$/

export const methodArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 14, arbitrary: fc.constant('GET') },
  { weight: 3, arbitrary: fc.constantFrom(...METHODS) },
  { weight: 1, arbitrary: fc.constantFrom('get', 'Get', 'GET ', ' GET', 'GET\u0000', 'G\u0395T', 'OPTIONS', 'HEAD', '') },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 1, arbitrary: fc.stringMatching(TOKEN) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
)

/** Ways to get a documented key almost right. */
const KEY_MUTATIONS: ReadonlyArray<(key: string) => string> = [
  (key) => ` ${key}`,
  (key) => `${key} `,
  (key) => `\t${key}`,
  (key) => key.toUpperCase(),
  (key) => key.slice(0, -1),
  (key) => `${key}x`,
  (key) => `${key}\u0000`,
  (key) => `${key}, ${key}`,
  (key) => `\u200b${key}`,
  (key) => `Bearer ${key}`,
  (key) => encode(key).replace('_', '%5F'),
  (key) => key.replace('a', '\u0430'),
]

export const fixtureKeyArb: fc.Arbitrary<string> = fc.constantFrom(...FIXTURE_KEYS)

/** A key that is not one of the fixtures' (a near miss, random text, empty, huge). */
export const unknownKeyArb: fc.Arbitrary<string> = fc
  .oneof(
    fc
      .tuple(fixtureKeyArb, fc.integer({ min: 0, max: KEY_MUTATIONS.length - 1 }))
      .map(([key, index]) => (KEY_MUTATIONS[index] ?? ((same: string) => same))(key)),
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('', ' ', 'null', 'undefined', '__proto__', 'constructor', 'toString', 'sbx_', 'sbx_user_*'),
    fc.integer({ min: 1_000, max: 20_000 }).map((length) => repeatTo('sbx_user_alpha', length)),
  )
  .filter((key) => !FIXTURE_KEYS.includes(key))

/** X-API-Key as sent: absent, a fixture key (often), or an unknown one. */
export const apiKeyHeaderArb: fc.Arbitrary<string | undefined> = fc.option(
  fc.oneof({ weight: 6, arbitrary: fixtureKeyArb }, { weight: 3, arbitrary: unknownKeyArb }),
  { nil: undefined, freq: 8 },
)

/** X-Project-ID values that are not a positive integer as the README means it (plus blank and padded ones). */
export const EDGE_PROJECT_IDS = [
  '0',
  '-1',
  '-101',
  '1e2',
  '0x65',
  ' 101 ',
  '\t101\t',
  '101,102',
  '101, 102',
  '101 102',
  '1234567890123456789012345',
  '0101',
  '00',
  '+101',
  '10.5',
  '101.0',
  '101.',
  '',
  '   ',
  '9007199254740991',
  '9007199254740992',
  '18446744073709551617',
  '１０１',
  '١٠١',
  '101\u0000',
  '\u00a0101',
  '101\u200b',
  'NaN',
  'Infinity',
  '-0',
  '1_01',
  '0b1100101',
  '0o145',
  '101n',
  '[101]',
  '"101"',
  'null',
  '__proto__',
  '1'.repeat(20_000),
]

export const knownProjectIdArb: fc.Arbitrary<string> = fc.constantFrom(...FIXTURE_PROJECT_IDS.map(String))

/** X-Project-ID as sent: absent, a fixture project (often), an edge case, or random text and numbers. */
export const projectIdHeaderArb: fc.Arbitrary<string | undefined> = fc.option(
  fc.oneof(
    { weight: 4, arbitrary: knownProjectIdArb },
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_PROJECT_IDS) },
    { weight: 1, arbitrary: fc.integer({ min: -1_000, max: 1_000_000_000 }).map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{16,30}$/) },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(' ', '\t', '  '), knownProjectIdArb, fc.constantFrom('', ' ', '\t'))
        .map((parts) => parts.join('')),
    },
  ),
  { nil: undefined, freq: 5 },
)

const dayArb = fc.integer({ min: TODAY_DAY - 900, max: TODAY_DAY + 40 })

const dateValueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: dayArb.map(formatDay) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '2026-02-30',
      '2026-2-01',
      '2026-03-01T00:00:00Z',
      '2026/03/01',
      '20260301',
      '2026-13-01',
      '2026-00-10',
      '2024-02-29',
      '2023-02-29',
      '2100-02-29',
      '2000-02-29',
      '0000-01-01',
      '9999-12-31',
      '+02026-03-01',
      '２０２６-03-01',
      '2026-03-01 ',
      ' 2026-03-01',
      '',
      'today',
      'null',
      '-001-01-01',
      '1e3',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
)

const providerValueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROVIDER_IDS) },
  { weight: 2, arbitrary: fc.mixedCase(fc.constantFrom(...PROVIDER_IDS)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'chatgpt ',
      '\uff23hatgpt',
      'google-ai-overview',
      'deepsee\u212a',
      'gem\u0131n\u0131',
      'claude\u0000',
      'openai',
      '',
      'all',
      '*',
      'chatgpt,claude',
    ),
  },
  { weight: 1, arbitrary: fc.string() },
)

const regionValueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('US', 'us', 'Us', 'CA', 'GB', 'ie', 'DE', 'AT', 'ch', 'AU', 'NZ', 'FR', 'JP') },
  { weight: 2, arbitrary: fc.constantFrom('XX', 'ZZ', 'USA', 'U S', 'EU', 'UK', '\u0130T', 'u\u0455', '', '__proto__') },
  { weight: 1, arbitrary: fc.string({ minLength: 2, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.string() },
)

/** Values no parameter accepts: random text, broken percent escapes, huge values. */
const garbageValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('%E0%A4%A', '%', '%zz', '%00', '%FF%FE', '%C0%AF', '%ED%A0%80', '\ud800', '&', '=', '==', '+', '%2B', '[]', '{}'),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => repeatTo('9', length)),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => repeatTo('%41', length)),
)

const QUERY_KEYS = [
  'start_date',
  'end_date',
  'provider',
  'region',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'limit',
  'start_date[]',
  'START_DATE',
  'start%5Fdate',
  'provider%00',
  'region ',
  'x-api-key',
  '',
]

type Pair = readonly [string, string]

const pairArb: fc.Arbitrary<Pair> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constant('start_date'), dateValueArb) },
  { weight: 3, arbitrary: fc.tuple(fc.constant('end_date'), dateValueArb) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('provider'), providerValueArb) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('region'), regionValueArb) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...QUERY_KEYS), garbageValueArb) },
  { weight: 1, arbitrary: fc.tuple(fc.string(), fc.string()) },
)

/** One parameter written raw, percent-encoded, or without `=`. */
const writtenPairArb: fc.Arbitrary<string> = fc
  .tuple(pairArb, fc.constantFrom('raw', 'encoded', 'bare', 'double-equals'))
  .map(([[name, value], style]) => {
    switch (style) {
      case 'encoded':
        return `${encode(name)}=${encode(value)}`
      case 'bare':
        return name
      case 'double-equals':
        return `${name}==${value}`
      default:
        return `${name}=${value}`
    }
  })

/** Query strings: structured pairs (repeated keys included), web-style ones, raw text. */
export const queryArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.array(writtenPairArb, { maxLength: 6 }), fc.constantFrom('&', '&&', '&amp;', ';'))
      .map(([pairs, separator]) => pairs.join(separator)),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(dayArb, dayArb, fc.array(writtenPairArb, { maxLength: 2 }))
      .map(([start, end, extra]) => [`start_date=${formatDay(start)}`, `end_date=${formatDay(end)}`, ...extra].join('&')),
  },
  { weight: 1, arbitrary: fc.webQueryParameters() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
)

/** A query /monitoring and /overview accept: a range of at most 366 days, a known provider and region. */
export const validQueryArb: fc.Arbitrary<string> = fc
  .record({
    start: fc.option(dayArb, { nil: undefined }),
    span: fc.integer({ min: 0, max: 365 }),
    provider: fc.option(fc.mixedCase(fc.constantFrom(...PROVIDER_IDS)), { nil: undefined }),
    region: fc.option(fc.constantFrom('US', 'ca', 'GB', 'IE', 'de', 'AT', 'CH', 'AU', 'nz', 'FR'), { nil: undefined }),
  })
  .map(({ start, span, provider, region }) => {
    const parts: string[] = []
    if (start !== undefined) parts.push(`start_date=${formatDay(start)}`, `end_date=${formatDay(start + span)}`)
    if (provider !== undefined) parts.push(`provider=${provider}`)
    if (region !== undefined) parts.push(`region=${region}`)
    return parts.join('&')
  })

/** X-Sandbox-Scenario values that name no scenario (or nothing at all), for the route-then-scenario stage. */
export const unknownScenarioHeaderArb: fc.Arbitrary<string> = fc
  .oneof(
    fc.string(),
    fc.constantFrom(
      'nope',
      'server_error',
      'Server-Error',
      'server-error,nope',
      ',',
      ' , ',
      'empty-account;server-error',
      '__proto__',
      'constructor',
      'toString',
      'x'.repeat(2_000),
    ),
  )
  .filter((header) => namesNoRealScenarioOnly(header))

/** Whether an X-Sandbox-Scenario value names nothing, or at least one name that is not a scenario. */
export function namesNoRealScenarioOnly(header: string): boolean {
  const names = header
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  return names.length === 0 || names.some((name) => !SCENARIO_NAMES.has(name))
}

/** Any request a client can send to the API, X-Sandbox-Scenario (rare) naming no real scenario. */
export const wildProbeArb: fc.Arbitrary<Probe> = fc.record({
  method: methodArb,
  path: apiPathArb,
  query: queryArb,
  apiKey: apiKeyHeaderArb,
  projectId: projectIdHeaderArb,
  scenario: fc.oneof({ weight: 11, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: unknownScenarioHeaderArb }),
})

/** A request that passes the route and usually the key: GET on an endpoint, a fixture key, a fixture project or none. */
export const deepProbeArb: fc.Arbitrary<Probe> = fc.record({
  method: fc.constant('GET'),
  path: knownPathArb,
  query: queryArb,
  apiKey: fixtureKeyArb,
  projectId: fc.option(knownProjectIdArb, { nil: undefined, freq: 4 }),
  scenario: fc.constant(undefined),
})

/** Any request: wild ones (every header and path may be garbage) and deep ones that reach the query stage. */
export const probeArb: fc.Arbitrary<Probe> = fc.oneof({ weight: 3, arbitrary: wildProbeArb }, { weight: 2, arbitrary: deepProbeArb })
