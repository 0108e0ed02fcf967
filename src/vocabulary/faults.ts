/**
 * The faults the sandbox can make, as a rule's `fault.type` names them (the built-in scenario is
 * `fault-<type>`): what the network, a proxy or a gateway between the client and the API does.
 *
 * @example
 * FAULT_TYPES.includes('connection-reset') // true
 */
export const FAULT_TYPES = [
  'connection-reset',
  'empty-reply',
  'truncated-body',
  'gateway-html',
  'gateway-timeout',
  'slow-body',
  'invalid-json',
  'bandwidth',
  'slow-headers',
  'cut-after',
  'keepalive-close',
] as const

/**
 * A fault's type.
 *
 * @example
 * const type: FaultType = 'truncated-body'
 */
export type FaultType = (typeof FAULT_TYPES)[number]

/** The built-in scenarios' names start with this; a rule's `fault.type` is the rest. */
export const FAULT_PREFIX = 'fault-'

/** Milliseconds `gateway-timeout` waits before its 504, unless a rule's `delay` says otherwise. */
export const DEFAULT_GATEWAY_DELAY_MS = 5_000

/** Milliseconds `slow-body` spreads the body over, unless a rule's `duration` says otherwise. */
export const DEFAULT_SLOW_BODY_MS = 3_000

/** Pieces `slow-body` sends a body in, at most (fewer for a body of fewer bytes). */
export const SLOW_BODY_PIECES = 16

/**
 * Bytes a second `bandwidth` sends a body at, unless a rule's `bytes_per_second` says otherwise: a
 * poor mobile link's, slow enough to outlast a read time-out on a large answer, quick enough for a
 * suite (the default /projects answer, 679 bytes, takes 1.3 s; a year of /monitoring, 13.7 KB, 27 s).
 */
export const DEFAULT_BYTES_PER_SECOND = 512

/** The most bytes a second a rule's `bytes_per_second` may say: 10 MB/s, a fast link still slower than the loopback. */
export const MAX_BYTES_PER_SECOND = 10_000_000

/** Milliseconds between two slices of a `bandwidth` body: small, so the rate holds over any stretch of a second. */
export const BANDWIDTH_SLICE_MS = 50

/** Milliseconds `slow-headers` spreads the status line and headers over, unless a rule's `duration` says otherwise. */
export const DEFAULT_SLOW_HEADERS_MS = 3_000

/** Bytes of the status line and headers `slow-headers` sends at a time, at most. */
export const SLOW_HEADERS_PIECE_BYTES = 4

/** Bytes of the body `cut-after` sends before it closes, unless a rule's `bytes` says otherwise: none, the cut right after the headers. */
export const DEFAULT_CUT_AFTER_BYTES = 0

/**
 * The most bytes a rule's `cut-after` may keep: 100 MB, five times the largest answer the sandbox
 * gives (/projects of a 100,000-project generated account, 19.6 MB). A `bytes` at or past a body's
 * length is cut one byte short of its end anyway, so a larger most would say nothing more; it only
 * refuses a number mistyped.
 */
export const MAX_CUT_AFTER_BYTES = 100_000_000

/**
 * One piece of paced bytes: where it ends (bytes from the start of what is paced), and when it is
 * due, in ms from the start of the pacing.
 */
export interface PacedPiece {
  readonly end: number
  readonly atMs: number
}

/**
 * How bytes are paced: the piece that follows the first `sent` bytes. Due times count from the
 * start, never from the piece before, so a late timer does not make every later piece late. Both
 * transports pace by these.
 *
 * @example
 * const next = slowBodySchedule(1600, 3000)(0) // { end: 100, atMs: 187.5 }
 */
export type PieceSchedule = (sent: number) => PacedPiece

/** `byteLength` bytes in pieces of `size`, the nth due at n × `intervalMs`. */
function evenly(byteLength: number, size: number, intervalMs: number): PieceSchedule {
  return (sent) => {
    const end = Math.min(byteLength, sent + size)
    return { end, atMs: Math.ceil(end / size) * intervalMs }
  }
}

/**
 * How `slow-body` paces a body of `byteLength` bytes over `durationMs`: pieces of equal size (at
 * most {@link SLOW_BODY_PIECES} of them), evenly spread, the last due at `durationMs`.
 *
 * @example
 * slowBodySchedule(1600, 3000)(1500) // { end: 1600, atMs: 3000 }
 */
export function slowBodySchedule(byteLength: number, durationMs: number): PieceSchedule {
  const size = Math.max(1, Math.ceil(byteLength / Math.min(SLOW_BODY_PIECES, Math.max(1, byteLength))))
  return evenly(byteLength, size, durationMs / Math.max(1, Math.ceil(byteLength / size)))
}

/**
 * How `slow-headers` paces a status line and headers of `byteLength` bytes over `durationMs`: a few
 * bytes at a time ({@link SLOW_HEADERS_PIECE_BYTES}), evenly spread, the last due at `durationMs`.
 *
 * @example
 * slowHeadersSchedule(400, 3000)(0) // { end: 4, atMs: 30 }
 */
export function slowHeadersSchedule(byteLength: number, durationMs: number): PieceSchedule {
  return evenly(byteLength, SLOW_HEADERS_PIECE_BYTES, durationMs / Math.max(1, Math.ceil(byteLength / SLOW_HEADERS_PIECE_BYTES)))
}

/**
 * How `bandwidth` paces a body of `byteLength` bytes at `bytesPerSecond`: a slice every
 * {@link BANDWIDTH_SLICE_MS} or so (at least a byte), each due when the rate has sent its last
 * byte, so the body's last byte leaves at `byteLength / bytesPerSecond` seconds.
 *
 * @example
 * bandwidthSchedule(1000, 500)(0) // { end: 25, atMs: 50 }
 */
export function bandwidthSchedule(byteLength: number, bytesPerSecond: number): PieceSchedule {
  const size = Math.max(1, Math.round((bytesPerSecond * BANDWIDTH_SLICE_MS) / 1000))
  return (sent) => {
    const end = Math.min(byteLength, sent + size)
    return { end, atMs: (end * 1000) / bytesPerSecond }
  }
}

/**
 * Bytes of a `truncated-body` answer's body that are sent: the first half. Both transports cut so.
 *
 * @example
 * truncatedLength(679) // 339
 */
export function truncatedLength(byteLength: number): number {
  return Math.floor(byteLength / 2)
}

/**
 * Bytes of a `cut-after` answer's body that are sent: `bytes`, but one short of the end where
 * `bytes` reaches it, so the answer is still cut (a body of 0 bytes cannot be: it is whole). Both
 * transports cut so.
 *
 * @example
 * cutAfterLength(679, 100) // 100
 * cutAfterLength(679, 5000) // 678
 */
export function cutAfterLength(byteLength: number, bytes: number): number {
  return Math.max(0, Math.min(bytes, byteLength - 1))
}

/**
 * Each fault: what in the real world does it (the built-in scenario's description), and the status
 * the client sees (`null`: no answer at all; `'answer'`: the answer the request would have had).
 *
 * @example
 * FAULTS['gateway-html'].status // 502
 */
export const FAULTS: Readonly<Record<FaultType, { readonly description: string; readonly status: number | null | 'answer' }>> = {
  'connection-reset': {
    description:
      'The connection is reset (TCP RST) once the request is read, before any byte of an answer: what a load balancer, a crashed upstream or a NAT timeout does. Through msw: a network error.',
    status: null,
  },
  'empty-reply': {
    description:
      'The connection is closed cleanly without a byte of an answer: what a server that dies mid-request or an idle-closing proxy does (curl: "Empty reply from server"). Through msw: a network error.',
    status: null,
  },
  'truncated-body': {
    description:
      'The answer’s status and headers, with the whole body’s Content-Length, then half the body, then the connection closes: what a proxy or an upstream restarting mid-answer does.',
    status: 'answer',
  },
  'gateway-html': {
    description:
      'A 502 text/html error page written by a reverse proxy (nginx’s own), not the envelope: what a gateway in front of the API sends when the API is down.',
    status: 502,
  },
  'gateway-timeout': {
    description: `After a delay (${DEFAULT_GATEWAY_DELAY_MS / 1000} s, or a rule’s delay in ms), a 504 text/html error page from a reverse proxy (nginx’s own): what a gateway sends when the API does not answer in time.`,
    status: 504,
  },
  'slow-body': {
    description: `The answer’s status and headers at once, then its body in small pieces over ${DEFAULT_SLOW_BODY_MS / 1000} s (or a rule’s duration in ms): what a congested network or a slow mobile link does; tests a client’s read time-out, not only its connect time-out.`,
    status: 'answer',
  },
  'invalid-json': {
    description:
      'A 200 application/json answer whose body no JSON parser takes: a PHP-style warning printed before the JSON, as a backend with its debug output left on sends.',
    status: 200,
  },
  bandwidth: {
    description: `The answer’s status and headers at once, then its body at ${DEFAULT_BYTES_PER_SECOND} bytes a second (or a rule’s bytes_per_second), in slices on a steady clock: what a thin or shared link does; tests a client’s read time-out against an answer that keeps coming. Through msw: a body stream at the same rate.`,
    status: 'answer',
  },
  'slow-headers': {
    description: `The status line and headers trickle out a few bytes at a time over ${DEFAULT_SLOW_HEADERS_MS / 1000} s (or a rule’s duration in ms), then the whole body, then the connection closes: what an overloaded proxy does; tests a client’s time-out for the answer’s head, not only for its body. Through msw (which cannot trickle headers): the whole answer after the same wait.`,
    status: 'answer',
  },
  'cut-after': {
    description: `The answer’s status and headers, with the whole body’s Content-Length, then only the first bytes of its body (none, or a rule’s bytes; one short of the end at most, so it is still cut), then the connection closes: what a connection lost mid-answer does. Through msw: a body that errors after the same bytes.`,
    status: 'answer',
  },
  'keepalive-close': {
    description:
      'The server closes an idle keep-alive connection just as the client reuses it: a request sent on a connection that answered before gets no answer, the connection closed under it (ECONNRESET, "socket hang up"), the race clients meet behind load balancers. A request on a new connection is answered. Through msw, which has no connections to reuse, every request is answered.',
    status: 'answer',
  },
}

/**
 * The status a client sees of an answer given `status` under the fault `type`: none (`null`) where
 * the fault sends no answer. The journal and the log both say it this way.
 *
 * @example
 * seenStatus('empty-reply', 200) // null
 */
export function seenStatus(type: FaultType | undefined, status: number): number | null {
  // A keep-alive close is handed to the transport only where it closes the connection unanswered.
  if (type === 'keepalive-close') return null
  return type !== undefined && FAULTS[type].status === null ? null : status
}

/** The page nginx writes for a 502, as a client behind one meets it. */
export const GATEWAY_HTML_BODY =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

/** The page nginx writes for a 504. */
export const GATEWAY_TIMEOUT_BODY =
  '<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

/**
 * `fault-invalid-json`'s body: a warning a backend printed before its JSON. Every JSON parser
 * refuses it (NaN, which Python's json module takes, would not do).
 */
export const INVALID_JSON_BODY =
  '<br />\n<b>Warning</b>:  Undefined array key "region" in <b>/var/www/api/v1/index.php</b> on line <b>42</b><br />\n{"success":true,"message":"OK","code":200,"data":{},"errors":{},"meta_data":{}}'

/**
 * What the transport must do for a fault the core cannot express as an ordinary answer: a reset, a
 * close without an answer, a cut body, a paced body, a trickled head. The others (the gateway
 * pages, the invalid JSON, the gateway's delay) are ordinary answers.
 *
 * @example
 * if (answer.fault?.type === 'connection-reset') socket.resetAndDestroy()
 */
export interface FaultDelivery {
  readonly type: FaultType
  /** `slow-body`: milliseconds to spread the body over; `slow-headers`: the status line and headers. */
  readonly durationMs: number
  /** `bandwidth`: bytes a second the body is sent at. */
  readonly bytesPerSecond: number
  /** `cut-after`: bytes of the body sent before the connection closes. */
  readonly bytes: number
}
