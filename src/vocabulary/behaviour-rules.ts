/**
 * A verdict on one rule of a client's behaviour: it was met and kept, met and broken, or never met.
 *
 * @example
 * const verdict: BehaviourVerdict = 'not-exercised'
 */
export type BehaviourVerdict = 'pass' | 'fail' | 'not-exercised'

/** The verdicts, in the order a report lists their counts. */
export const BEHAVIOUR_VERDICTS: readonly BehaviourVerdict[] = ['pass', 'fail', 'not-exercised']

/**
 * How much earlier than a rule's least gap a request may come and still keep it: timers fire a
 * millisecond or two off, and the journal's times are whole milliseconds.
 *
 * @example
 * gap + BEHAVIOUR_TOLERANCE_MS >= 1000 // kept a Retry-After of 1
 */
export const BEHAVIOUR_TOLERANCE_MS = 10

/**
 * The least gap between two attempts of the same request after a failure (`backoff`).
 *
 * @example
 * gap + BEHAVIOUR_TOLERANCE_MS >= MIN_BACKOFF_MS
 */
export const MIN_BACKOFF_MS = 100

/** Keys a judge keeps verdicts for; the requests of any further key are counted as not judged. */
export const MAX_JUDGED_KEYS = 1_000
/** Keys a rule's verdict lists at most, the broken first (the rest are counted), so an answer stays a few MB at most. */
export const MAX_LISTED_KEYS = 100
/** Failures kept per rule and key (the rest are counted). */
export const MAX_KEPT_FAILURES = 3
/** Journal entries a failure shows (the rest are counted in `more`). */
export const MAX_FAILURE_ENTRIES = 8
/** The most retries a report can be asked to allow (`max_retries`). */
export const MAX_RETRIES_LIMIT = 100
/** How many retries `bounded-retries` allows unless told otherwise. */
export const DEFAULT_MAX_RETRIES = 3

/**
 * How late an answer must start for `gives-up` to expect a client to stop waiting (the `timeout`
 * scenario's 30 s are; a gateway's 504 after 5 s is an answer worth waiting for).
 *
 * @example
 * delayMs >= GIVES_UP_DELAY_MS // the client should have given up
 */
export const GIVES_UP_DELAY_MS = 10_000

/** The statuses a client must not send again unchanged (`no-retry-on-4xx`). */
export const NO_RETRY_STATUSES: ReadonlySet<number> = new Set([400, 401, 403])

/** One rule of a client's behaviour, as the judge and the reports say it. */
export interface BehaviourRule {
  /** What a client that keeps it does. */
  readonly description: string
  /** The scenario (or scenarios) that would exercise it, for a `not-exercised` verdict. */
  readonly exercise: string
}

/**
 * The rules the sandbox judges a client's behaviour by, from the journal, per key as sent and per
 * session, in the order the reports list them.
 *
 * @example
 * BEHAVIOUR_RULES['retry-after'].exercise // 'run under rate-limited or service-unavailable'
 */
export const BEHAVIOUR_RULES = {
  'retry-after': {
    description: 'After a 429 or 503 with Retry-After, the key waits as long before its next request',
    exercise: 'run under rate-limited or service-unavailable',
  },
  'bounded-retries': {
    description: 'A failed request (5xx, reset, gateway page) is sent again at most max_retries times',
    exercise: 'run under fail-once, server-error, flaky or fault-connection-reset',
  },
  backoff: {
    description: 'Attempts after a failure are 100 ms or more apart, and the gaps do not shrink',
    exercise: 'run under server-error, flaky or fault-connection-reset, with a client that retries',
  },
  'no-retry-on-4xx': {
    description: 'A request answered 400, 401 or 403 is not sent again unchanged',
    exercise: 'run under bad-request or expired-keys',
  },
  'dead-key': {
    description: 'A key answered 401 (expired, revoked or unknown) is used once more at most',
    exercise: 'run under expired-keys or revoked-keys, or revoke a key in the portal',
  },
  'gives-up': {
    description: 'An answer 10 s late or a trickling body is given up on: the client closes the connection',
    exercise: 'run under timeout or fault-slow-body',
  },
  'fresh-connection': {
    description: 'A request that met a keep-alive connection closed under it is sent again until answered',
    exercise: 'run under fault-keepalive-close over HTTP, with a client that keeps connections alive',
  },
} as const satisfies Record<string, BehaviourRule>

/** A rule's name. */
export type BehaviourRuleName = keyof typeof BEHAVIOUR_RULES

/**
 * The rules' names, in the reports' order.
 *
 * @example
 * BEHAVIOUR_RULE_NAMES[0] // 'retry-after'
 */
export const BEHAVIOUR_RULE_NAMES = Object.keys(BEHAVIOUR_RULES) as [BehaviourRuleName, ...BehaviourRuleName[]]
