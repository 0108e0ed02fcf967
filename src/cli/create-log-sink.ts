/**
 * Bytes of log lines that may wait for a reader before new lines are dropped. A harness that never
 * reads the sandbox's stdout (a `subprocess.Popen(..., stdout=PIPE)` left alone) must not make the
 * process grow: past this, lines are counted and dropped, and writing resumes once the reader
 * catches up.
 */
export const LOG_BACKLOG_BYTES = 64 * 1024

/** What a log sink has done so far. */
export interface LogStats {
  /** Lines handed to the stream. */
  readonly written: number
  /** Lines dropped because the stream's reader was not keeping up, or the stream was closed. */
  readonly dropped: number
}

/** The part of a writable stream a log sink uses: `process.stdout` is one. */
export interface LogStream {
  readonly writableLength: number
  readonly destroyed?: boolean
  write(chunk: string): boolean
}

/** A non-blocking line writer with a bounded backlog. */
export interface LogSink {
  /** Writes `line` (ending in a newline) unless the backlog is full; never throws, never waits. */
  write(line: string): void
  readonly stats: () => LogStats
}

/** The one-line note written to `notify` on the first dropped line. */
export const LOG_DROPPED_NOTE =
  'analytics-sandbox: stdout is not being read: request log lines are dropped from now on, and counted in GET /__sandbox/health (data.log.dropped)\n'

/**
 * A sink over `stream` that never queues more than `backlogBytes`: while the reader lags (or after
 * the stream closed), lines are dropped and counted; `notify` hears of it once.
 *
 * @example
 * const sink = createLogSink(process.stdout, (note) => process.stderr.write(note))
 * sink.write('GET /api/v1/projects → 200\n')
 * sink.stats() // { written: 1, dropped: 0 }
 */
export function createLogSink(stream: LogStream, notify: (note: string) => void, backlogBytes = LOG_BACKLOG_BYTES): LogSink {
  let written = 0
  let dropped = 0
  return {
    write(line) {
      if (stream.destroyed === true || stream.writableLength >= backlogBytes) {
        if (dropped++ === 0) notify(LOG_DROPPED_NOTE)
        return
      }
      written++
      stream.write(line)
    },
    stats: () => ({ written, dropped }),
  }
}
