import type { PieceSchedule } from '../vocabulary/faults.js'

/** Where paced bytes go, and how the pacing learns that their connection is gone. */
export interface PacedSink {
  /** Sends `piece`; `last` says it is the final one, which ends what is paced. */
  write(piece: Uint8Array, last: boolean): void
  /** Whether the connection is gone: nothing more is sent. */
  gone(): boolean
  /** Calls `then` once when the connection closes, whoever closes it. */
  onClose(then: () => void): void
}

/**
 * Sends `bytes` to `sink` piece by piece as `schedule` says, each piece due at its time from the
 * start (a piece whose time has passed goes with the next, so a late timer makes no piece after it
 * late). The one timer it has at a time is in `timers` until it fires or the connection closes, so
 * closing the server can let go of it; a connection that closes stops the pieces.
 *
 * @example
 * paceBytes(body, bandwidthSchedule(body.byteLength, 512), timers, {
 *   write: (piece, last) => (last ? response.end(piece) : response.write(piece)),
 *   gone: () => response.destroyed,
 *   onClose: (then) => response.once('close', then),
 * })
 */
export function paceBytes(bytes: Uint8Array, schedule: PieceSchedule, timers: Set<ReturnType<typeof setTimeout>>, sink: PacedSink): void {
  const started = performance.now()
  let sent = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const release = () => {
    if (timer === undefined) return
    clearTimeout(timer)
    timers.delete(timer)
    timer = undefined
  }
  // A client that goes away stops the pieces: no timer outlives its connection.
  sink.onClose(release)
  const step = () => {
    release()
    if (sink.gone()) return
    const elapsedMs = performance.now() - started
    let end = sent
    let next = schedule(end)
    while (next.atMs <= elapsedMs && end < bytes.byteLength) {
      end = next.end
      next = schedule(end)
    }
    if (end >= bytes.byteLength) {
      sink.write(bytes.subarray(sent), true)
      return
    }
    if (end > sent) sink.write(bytes.subarray(sent, end), false)
    sent = end
    timer = setTimeout(step, next.atMs - elapsedMs)
    timers.add(timer)
  }
  step()
}
