import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import type { KeyLevel } from '../vocabulary/key-level.js'
import type { VariantSet } from '../vocabulary/variants.js'
import type { Warning } from '../vocabulary/warnings.js'
import type { JournalSaid } from './journal.js'

/**
 * What a request of the public API came to, as the pipeline finished it: what its journal entry
 * says and what the client report counts. The repeat memo keeps the record of the request it holds,
 * and a replayed repeat is finished with that same record.
 *
 * @example
 * const id = finishRequest(sandbox, finished, realNow)
 */
export interface FinishedRequest {
  readonly method: string
  readonly path: string
  readonly query: string
  /** The status the client saw: `null` where a fault sent no answer. */
  readonly seenStatus: number | null
  /** The answer's status, for the client report's outcome. */
  readonly status: number
  readonly keyHeader: string | null
  readonly projectHeader: string | null
  /** The scenarios in force, by name. */
  readonly scenarios: readonly string[]
  /** The answer's `errors.error`, when it has one. */
  readonly error: string | null
  readonly warnings: readonly Warning[]
  /** The fault it met (`fault-<type>`), or `null`. */
  readonly fault: string | null
  /** The seconds its answer's `Retry-After` said, or `null`. */
  readonly retryAfter: number | null
  /** Its endpoint, where it was routed to one. */
  readonly endpoint: EndpointName | undefined
  /** The level of its key, where the key check passed. */
  readonly level: KeyLevel | undefined
  /** How many dates an analytics answer covers. */
  readonly dates: number | undefined
  /** The variants its success shows (0: none). */
  readonly variants: VariantSet
  /** The dashboard's own request: its own journal, not counted. */
  readonly observer: boolean
  /** What its journal entries say, once recorded: a record finished again (a replayed repeat) says it again. */
  said?: JournalSaid
  /** Where it is counted in the client report (`outcomeSlot`), once found. */
  outcome?: number
}
