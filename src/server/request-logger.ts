import { maskKey } from '../vocabulary/mask-key.js'
import { FAULT_PREFIX } from '../vocabulary/faults.js'

/** How the standalone server logs each request. */
export type LogFormat = 'pretty' | 'json' | 'none'

/** One answered request, as logged. The key is masked. */
export interface RequestLogEntry {
  readonly method: string
  readonly path: string
  /** `null` where a fault sent no answer. */
  readonly status: number | null
  readonly ms: number
  readonly key: string | null
  /** The answer's `errors.error`, when it has one. */
  readonly error?: string | null
  /** The fault the request met (its type, such as `connection-reset`), if any. */
  readonly fault?: string | null
}

/** Writes one log entry; `undefined` when logging is off, so the hot path skips it entirely. */
export type RequestLogger = ((entry: RequestLogEntry) => void) | undefined

/**
 * A logger writing to `write` in `format`: a readable line, or one JSON object a line.
 *
 * @example
 * const log = createRequestLogger('json', (line) => process.stdout.write(line))
 */
export function createRequestLogger(format: LogFormat, write: (line: string) => void): RequestLogger {
  if (format === 'none') return undefined
  if (format === 'json') {
    return (entry) =>
      write(
        // ms to a tenth, as the readable line shows it: 1003.3433349999999 is float noise, not precision.
        `${JSON.stringify({ time: new Date().toISOString(), ...entry, ms: Math.round(entry.ms * 10) / 10, key: maskKey(entry.key), error: entry.error ?? null, fault: entry.fault == null ? null : `${FAULT_PREFIX}${entry.fault}` })}\n`,
      )
  }
  return (entry) => {
    const time = new Date().toISOString().slice(11, 23)
    const key = entry.key === null ? '' : `  key ${maskKey(entry.key)}`
    const error = entry.error == null ? '' : `  ${entry.error}`
    // A fault is said by name: what the client met was not the answer.
    const fault = entry.fault == null ? '' : `  ${FAULT_PREFIX}${entry.fault}`
    write(`${time} ${entry.method} ${entry.path} → ${entry.status ?? 'no answer'}${error}${fault} ${entry.ms.toFixed(1)} ms${key}\n`)
  }
}
