import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'
import type { ErrorTemplate } from '../../src/vocabulary/errors.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import type { JournalEntry } from '../../src/core/journal.js'
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from '../../src/server/start-sandbox.js'
import { toAnswer, type Answer } from '../support/transport.js'

/** "Today" of every scenario test (the contract tests' date). */
export { TODAY } from '../api/contract/fixtures.js'

/** The scenario files shipped in `scenarios/`, read from disk: the independent truth for names and descriptions. */
export interface ScenarioFile {
  readonly name: string
  readonly description: string
  readonly rules: readonly unknown[]
}

const SCENARIOS_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url))

export const SCENARIO_FILES: readonly ScenarioFile[] = readdirSync(SCENARIOS_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(`${SCENARIOS_DIR}${file}`, 'utf8')) as ScenarioFile)

/** The path of a built-in's file, e.g. for copying it. */
export function scenarioFilePath(name: string): string {
  return `${SCENARIOS_DIR}${name}.json`
}

/** The eleven built-in names, sorted. */
export const BUILT_IN_NAMES: readonly string[] = SCENARIO_FILES.map((file) => file.name)

/** The API's endpoints with each one's own 500 template. */
export const ENDPOINT_FAILURES = {
  validate: ERRORS.validateFailed,
  projects: ERRORS.projectsFailed,
  monitoring: ERRORS.monitoringFailed,
  overview: ERRORS.overviewFailed,
} as const satisfies Record<string, ErrorTemplate>

export type EndpointName = keyof typeof ENDPOINT_FAILURES
export const ENDPOINTS = Object.keys(ENDPOINT_FAILURES) as EndpointName[]

/** The JSON envelope of a journal listing. */
export interface JournalListing {
  readonly requests: JournalEntry[]
  readonly recorded: number
  readonly capacity: number
}

/** What a request may carry. */
export interface SendInit {
  readonly method?: string
  readonly headers?: Record<string, string>
  readonly body?: string
  readonly signal?: AbortSignal
}

/** Sends one request to an absolute URL. */
export async function send(url: string, init: SendInit = {}): Promise<Answer> {
  const request: RequestInit = { method: init.method ?? 'GET', headers: init.headers ?? {} }
  if (init.body !== undefined) request.body = init.body
  if (init.signal !== undefined) request.signal = init.signal
  return toAnswer(await fetch(url, request), { method: request.method ?? 'GET', url })
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Timing of one request. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

/** A running HTTP sandbox with helpers for the API and the admin API. */
export interface HttpSandbox {
  readonly running: RunningSandbox
  /** The API base, ending in `/api/v1/`. */
  readonly url: string
  /** `path` below the API base. */
  api(path: string, init?: SendInit): Promise<Answer>
  /** `path` below `/__sandbox/`. */
  admin(path: string, init?: SendInit): Promise<Answer>
  /** PUT /__sandbox/scenario with `{"scenarios": items}`. */
  putScenarios(items: readonly unknown[]): Promise<Answer>
  /** GET /__sandbox/scenario → the active names. */
  activeNames(): Promise<string[]>
  /** GET /__sandbox/requests. */
  journal(limit?: number): Promise<JournalListing>
}

/** Wraps an already running sandbox. */
export function httpSandbox(running: RunningSandbox): HttpSandbox {
  const adminBase = new URL('/__sandbox/', running.url).href
  const api = (path: string, init?: SendInit) => send(`${running.url}${path}`, init)
  const admin = (path: string, init?: SendInit) => send(`${adminBase}${path}`, init)
  return {
    running,
    url: running.url,
    api,
    admin,
    putScenarios: (items) => admin('scenario', { method: 'PUT', body: JSON.stringify({ scenarios: items }) }),
    async activeNames() {
      const answer = await admin('scenario')
      if (answer.status !== 200) throw new Error(`GET /__sandbox/scenario answered ${answer.status}: ${answer.text}`)
      return answer.body.data.active as string[]
    },
    async journal(limit) {
      const answer = await admin(limit === undefined ? 'requests' : `requests?limit=${limit}`)
      if (answer.status !== 200) throw new Error(`GET /__sandbox/requests answered ${answer.status}: ${answer.text}`)
      return answer.body.data as JournalListing
    },
  }
}

/** Starts a sandbox on port 0 for the tests of the enclosing block; the getter is valid inside tests. */
export function useHttpSandbox(options: StartSandboxOptions = {}): () => HttpSandbox {
  let sandbox: HttpSandbox | undefined
  beforeAll(async () => {
    sandbox = httpSandbox(await startSandbox(options))
  })
  afterAll(async () => {
    await sandbox?.running.close()
  })
  return () => {
    if (sandbox === undefined) throw new Error('The sandbox is not running yet')
    return sandbox
  }
}

/** How a journal shows an API key: the first six characters, an ellipsis, the last four (two where four would hide fewer than six). */
export function maskedKey(key: string): string {
  return `${key.slice(0, 6)}…${key.slice(key.length >= 16 ? -4 : -2)}`
}
