import type { Model } from '../model/create-model.js'
import type { Portal } from '../model/create-portal.js'
import type { Clock } from '../vocabulary/clock.js'
import type { Analytics } from '../analytics/create-analytics.js'
import type { Routes } from './guards/resolve-route.js'
import type { ScenarioState } from '../scenarios/scenario-state.js'
import type { Answer } from './answer.js'
import type { BoundedCache } from '../vocabulary/bounded-cache.js'
import type { Journal } from './journal.js'
import type { Coverage } from './report/coverage.js'
import type { SharedAnswers } from './admin/shared-answers.js'
import type { LatencyRange } from '../vocabulary/latency.js'

/**
 * Everything the core needs to answer a request for one sandbox. Adapters hold one of these and
 * pass it to `dispatch` with each request; two sandboxes never share one.
 */
export interface SandboxCore {
  /** The path prefix of the API, `/api/v1/` unless a base URL says otherwise. */
  readonly basePath: string
  readonly routes: Routes
  readonly model: Model
  /** The portal and the clock's controls: accounts, projects and keys made, changed and removed at run time. */
  readonly portal: Portal
  readonly analytics: Analytics
  readonly clock: Clock
  readonly latency: LatencyRange | undefined
  readonly scenarios: ScenarioState
  readonly journal: Journal
  /** The dashboard's own requests (`X-Sandbox-Client: dashboard`), kept apart so a test's journal never shows them. */
  readonly observerJournal: Journal
  /** Which outcomes the requests met and the warnings they got: the client report. */
  readonly coverage: Coverage
  /** Whether requests are checked for warnings and counted for coverage (on unless turned off). */
  readonly clientReport: boolean
  /** Strict mode: a request with a warning is answered 400 with the warning's code. */
  readonly strict: boolean
  /** Success answers by everything they depend on: served again without being built again. */
  readonly answers: BoundedCache<string, Answer>
  /** The admin API's large answers (keys, journal pages), built once per change and shared. */
  readonly adminAnswers: SharedAnswers
  /**
   * Whether the admin API answers only loopback Host names (the server is bound to loopback): a
   * name of another site that points at 127.0.0.1 is how DNS rebinding reaches a local server.
   */
  adminLoopbackOnly: boolean
  /** When set, the admin API answers only requests carrying it in `X-Sandbox-Admin-Token`. */
  adminToken: string | undefined
  /**
   * The OpenAPI document's text, for `GET /__sandbox/openapi.json`; the standalone server loads it on
   * the first such request, so start-up never pays for building it.
   */
  openApiJson: (() => string) | undefined
  /** The admin API's OpenAPI document, for `GET /__sandbox/admin-openapi.json`, loaded the same way. */
  adminOpenApiJson: (() => string) | undefined
  /**
   * What the standalone server's request log has written and dropped (its reader not keeping up),
   * for `GET /__sandbox/health`; `undefined` where nothing logs (the library).
   */
  logStats: (() => { readonly written: number; readonly dropped: number }) | undefined
  /** Requests answered so far: orders the seeded choices made per request (latency in a range). */
  requestCount: number
}

/**
 * What of a sandbox exists before its data is seeded: scenarios, journals, coverage.
 *
 * @example
 * const state: SandboxState = createSandboxState(config)
 */
export type SandboxState = Pick<SandboxCore, 'scenarios' | 'journal' | 'observerJournal' | 'coverage'>
