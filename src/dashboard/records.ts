/** One request of `GET /__sandbox/requests`: the journal's own type. */
export type { JournalEntry } from '../core/journal.js'

/** `GET /__sandbox/coverage`, one outcome of it, one kind of warning, what it counts (`?scope=`): the client report's own types. */
export type { CoverageReport, CoverageScope, CoveredOutcome, WarningCount } from '../core/report/coverage.js'

/** `GET /__sandbox/behaviour`, one rule's verdict, one failure, what it judges (`?scope=`): the behaviour judge's own types. */
export type { BehaviourFailure, BehaviourReport, BehaviourRuleVerdict, BehaviourScope } from '../core/behaviour/behaviour-judge.js'

/** A verdict on one rule of a client's behaviour: `pass`, `fail` or `not-exercised`. */
export type { BehaviourVerdict } from '../vocabulary/behaviour-rules.js'

/** A session as `GET /__sandbox/sessions` lists it: the contract's own type. */
export type { SessionView } from '../contract/session-schemas.js'

/** A key as `GET /__sandbox/keys` lists it, with its state at the clock's now. */
export interface KeyRecord {
  readonly key: string
  readonly name: string
  readonly level: 'USER' | 'PROJECT'
  readonly user_id: number
  readonly project_id: number | null
  readonly expiry: string
  readonly revoked: boolean
  readonly state: 'valid' | 'expired' | 'revoked'
}

/** A project as `/api/v1/projects` lists it. */
export interface Project {
  readonly id: number
  readonly name: string
  readonly display_name: string
  readonly domain: string
  readonly region: string
  readonly status: string
  readonly created_at: string
}

/** `GET /__sandbox/clock`. */
export interface ClockState {
  readonly now: string
  readonly today: string
  readonly frozen: boolean
}

/** One scenario of `GET /__sandbox/scenarios`. */
export interface ScenarioInfo {
  readonly name: string
  readonly description: string
  readonly source: string
  readonly active: boolean
}

/** `GET /__sandbox/health`. */
export interface Health {
  readonly today: string
  readonly seed: number
  readonly active_scenarios: readonly string[]
  readonly requests: number
}
