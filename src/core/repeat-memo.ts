import type { KeyEntry } from '../model/model-index.js'
import type { DayNumber } from '../vocabulary/calendar-date.js'
import type { Answer } from './answer.js'
import type { TimedAnswer } from './core-request.js'
import type { FinishedRequest } from './finished-request.js'
import type { ActiveScenarios } from '../scenarios/active-scenarios.js'
import type { EndpointName } from '../vocabulary/endpoint-rules.js'

/**
 * Bytes of an answer the memo holds at most: it keeps its answer alive past the answer cache's
 * bound, so only small ones (every /validate and /monitoring answer of the default data, a few
 * projects' /projects) are held, at most this much a sandbox, within what a session is charged.
 */
export const REPEAT_MEMO_BYTES = 8 * 1024

/** The request a memo was made for, and what the stages learned of it. */
export interface RepeatedRequest {
  readonly method: string
  readonly endpoint: EndpointName
  /** The scenarios in force when it was answered: a set without rules, which a repeat must find still in force. */
  readonly active: ActiveScenarios
  readonly path: string
  readonly query: string
  readonly keyHeader: string | null
  readonly projectHeader: string | null
  /** The model's change count and the clock's day the answer holds for. */
  readonly changes: number
  /**
   * The known keys' change count when it was answered: on a server they are the process's, so a
   * key made in another sandbox (a session) may make its query warn, unseen by `changes`.
   */
  readonly keysChanges: number
  readonly today: DayNumber
  readonly key: KeyEntry
  readonly answer: Answer & { readonly dates?: number }
  /** The answer as the core hands it on when nothing is added to it (no latency, no warning): made once. */
  timed?: TimedAnswer
  /** What it came to, as the steps finished it: its replays are finished with the same record. */
  finished?: FinishedRequest
}

/**
 * The last request a sandbox answered with success while nothing could make a repeat of it answer
 * otherwise: no scenario in force or named, no warning, the same records (the model's change
 * count) and the same day. A repeat (the same path, query, `X-API-Key` and `X-Project-ID`) with
 * its key not expired since gets the same answer without the route, key, project and query steps
 * being run again: what a test or a load does most is answered for the price of four string
 * comparisons. A miss costs those comparisons. The journal, the client report and latency are
 * still done for every request. Where nothing else could change it either (no latency, no header
 * of the sandbox's, no body), `replayRepeat` answers it before the steps.
 *
 * @example
 * const memo = new RepeatMemo()
 * memo.find(request.path, request.query, keyHeader, projectHeader, index.changes, today, now) ?? answerAfresh()
 */
export class RepeatMemo {
  #kept: RepeatedRequest | undefined

  /** The answer kept for this very request, if it still holds. */
  find(
    path: string,
    query: string,
    keyHeader: string | null,
    projectHeader: string | null,
    changes: number,
    today: DayNumber,
    now: number,
  ): RepeatedRequest | undefined {
    const kept = this.#kept
    if (
      kept === undefined ||
      kept.changes !== changes ||
      kept.today !== today ||
      kept.keyHeader !== keyHeader ||
      kept.path !== path ||
      kept.query !== query ||
      kept.projectHeader !== projectHeader ||
      kept.key.expiresAt <= now
    )
      return undefined
    return kept
  }

  /** Keeps `kept` as the one remembered, unless its answer is too large to hold; it, when kept. */
  keep(kept: RepeatedRequest): RepeatedRequest | undefined {
    if (kept.answer.body.byteLength > REPEAT_MEMO_BYTES) return undefined
    this.#kept = kept
    return kept
  }

  /** The request kept, if any: `replayRepeat` answers its repeats before any step runs. */
  get kept(): RepeatedRequest | undefined {
    return this.#kept
  }

  /** Forgets it (a reset, the end of the sandbox). */
  clear(): void {
    this.#kept = undefined
  }
}
