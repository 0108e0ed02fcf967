import type { DayNumber } from '../vocabulary/calendar-date.js'
import type { KeyLevel } from '../vocabulary/key-level.js'
import type { Warning } from '../vocabulary/warnings.js'
import type { ActiveScenarios } from '../scenarios/active-scenarios.js'
import type { ScenarioDecision } from '../scenarios/scenario-decision.js'
import type { KeyEntry, ProjectEntry } from '../model/model-index.js'
import type { LargeProjects } from '../analytics/large-projects.js'
import type { AnalyticsQuery } from '../vocabulary/analytics-query.js'
import type { CoreRequest } from './core-request.js'
import type { Endpoint } from './endpoints/endpoint.js'
import type { ProjectIdHeader } from './guards/authorize-project.js'
import type { RepeatedRequest } from './repeat-memo.js'
import type { SandboxCore } from './sandbox-core.js'

/**
 * One request of the public API as the pipeline's stages see it: what was read of it once (the
 * time, its number, each header), and what each stage learned, written before the next runs. What
 * a refused request had learned is kept for its latency, its journal entry and its report.
 *
 * @example
 * const context = createRequestContext(sandbox, request, realNow)
 * for (const stage of PIPELINE_STAGES) stage(context)
 */
export interface RequestContext {
  readonly sandbox: SandboxCore
  readonly request: CoreRequest
  /** The real time it is answered at, read once: every stage judges by it. */
  readonly realNow: number
  /** Its number in the sandbox: latency draws are seeded by it. */
  readonly requestNumber: number
  readonly keyHeader: string | null
  readonly projectHeader: string | null
  readonly projectId: ProjectIdHeader
  /** The dashboard's own request (`X-Sandbox-Client: dashboard`): it changes nothing a test sees. */
  readonly observer: boolean
  /** The route's endpoint, once routed. */
  endpoint: Endpoint | undefined
  /** What the request probably got wrong (the client report's warnings). */
  warnings: readonly Warning[]
  /** The scenarios in force for it (the sandbox's, and `X-Sandbox-Scenario`'s). */
  active: ActiveScenarios
  /** What the scenarios decided for it, once. */
  decision: ScenarioDecision | undefined
  /** The sandbox's clock at `realNow`, and its day. */
  now: number
  today: DayNumber
  /** Whether nothing in force can make a repeat of it answer otherwise (the repeat memo may hold it). */
  repeatable: boolean
  /** The repeat memo's request, where this one is (or now is) it. */
  repeat: RepeatedRequest | undefined
  /** The key that passed its check, and its level. */
  key: KeyEntry | undefined
  level: KeyLevel | undefined
  /** The project it reads and its analytics query, where the endpoint reads them. */
  project: ProjectEntry | undefined
  query: AnalyticsQuery | undefined
  /** The projects `variant-large` adds to the key's account, where the decision answers with it. */
  large: LargeProjects | undefined
  /** The headers the data stage sends with a passing request (a rate limit's). */
  dataHeaders: Readonly<Record<string, string>>
}
