import { maskKey } from '../vocabulary/mask-key.js'

/** How the standalone server logs each request. */
export type LogFormat = 'pretty' | 'json' | 'none'

/** One answered request, as logged. The key is masked. */
export interface RequestLogEntry {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly ms: number
  readonly key: string | null
  /** The answer's `errors.error`, when it has one. */
  readonly error?: string | null
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
        `${JSON.stringify({ time: new Date().toISOString(), ...entry, ms: Math.round(entry.ms * 10) / 10, key: maskKey(entry.key), error: entry.error ?? null })}\n`,
      )
  }
  return (entry) => {
    const time = new Date().toISOString().slice(11, 23)
    const key = entry.key === null ? '' : `  key ${maskKey(entry.key)}`
    const error = entry.error == null ? '' : `  ${entry.error}`
    write(`${time} ${entry.method} ${entry.path} → ${entry.status}${error} ${entry.ms.toFixed(1)} ms${key}\n`)
  }
}
