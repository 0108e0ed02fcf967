import type { Mutation } from '../vocabulary/mutations.js'
import type { Model } from '../model/create-model.js'
import type { Fixtures } from '../contract/fixtures-schema.js'
import type { Portal } from '../model/create-portal.js'
import type { Clock } from '../vocabulary/clock.js'
import type { Analytics } from '../analytics/create-analytics.js'
import type { Routes } from './endpoints/api-routes.js'
import type { ScenarioState } from '../scenarios/scenario-state.js'
import type { Journal } from './journal.js'
import type { Coverage } from './report/coverage.js'
import type { BehaviourJudge } from './behaviour/behaviour-judge.js'
import type { ProcessWide } from './process-wide.js'
import type { RepeatMemo } from './repeat-memo.js'
import type { WarningsMemo } from './report/warnings-memo.js'
import type { LatencyRange } from '../vocabulary/latency.js'
import type { BudgetAccount } from '../vocabulary/memory-budget.js'

/**
 * One sandbox's state: everything the core needs to answer a request for it, made by
 * `buildSandboxCore` (through `openSandbox`, or `openSession` for a session) and changed afterwards
 * only by the requests and controls it serves. Adapters hold one (a server holds one per session
 * too) and pass it to `dispatch` with each request, with their own `ServerSettings`; two sandboxes
 * never share one, and what they do share is `shared` ({@link ProcessWide}).
 */
export interface SandboxCore {
  /** The path prefix of the API, `/api/v1/` unless a base URL says otherwise. */
  readonly basePath: string
  readonly routes: Routes
  /** The records it was seeded with (and a reset restores): a session of a server is seeded with the server's. */
  readonly fixtures: Fixtures
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
  /** The verdicts on the client's behaviour, judged from the journal's entries. */
  readonly behaviour: BehaviourJudge
  /** Whether requests are checked for warnings and counted for coverage (on unless turned off). */
  readonly clientReport: boolean
  /** Strict mode: a request with a warning is answered 400 with the warning's code. */
  readonly strict: boolean
  /** The mutation every success of its endpoint is answered with (`mutate`), if any. */
  readonly mutation: Mutation | undefined
  /** What every sandbox of the process shares (the answer, admin-answer and series caches): not this sandbox's own. */
  readonly shared: ProcessWide
  /**
   * What the sandbox holds of the process's memory budget (portal records, journal entries,
   * definitions, a session's own share); closed when the sandbox ends, which gives it all back.
   */
  readonly budget: BudgetAccount
  /** The last request answered with success while nothing could change a repeat of it: a repeat skips the steps. */
  readonly repeats: RepeatMemo
  /** The last query string's warnings (the client report's), found once while it repeats. */
  readonly lastWarnings: WarningsMemo
  /** Requests answered so far: orders the seeded choices made per request (latency in a range). */
  requestCount: number
}

/**
 * What of a sandbox exists before its data is seeded: scenarios, journals, coverage.
 */
export type SandboxState = Pick<SandboxCore, 'budget' | 'scenarios' | 'journal' | 'observerJournal' | 'coverage' | 'behaviour'>
