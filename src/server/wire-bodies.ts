/**
 * Bodies up to this many bytes are handed to node as text rather than bytes. Node then writes the
 * status line, the headers and the body as one string, in one write, where bytes go out as two
 * pieces gathered by the socket: with both servers served at once, a 186-byte /validate answer
 * went out 1.8 % faster as text, while 679 and 1,669 bytes gained nothing measurable and larger
 * bodies pay for encoding them again (docs/benchmarks.md, run 46).
 */
export const TEXT_BODY_BYTES = 512

type WireHeaders = Readonly<Record<string, string | string[]>>

/** Turns UTF-8 bytes back into the text they encode, or throws where they encode none. */
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** Any character of a header value but a tab and printable ASCII (node refuses the others but Latin-1's upper half). */
const NOT_PRINTABLE_ASCII = /[^\t -~]/

/** Whether every header value is printable ASCII: node writes text with its headers as UTF-8, bytes with headers as Latin-1. */
function asciiOnly(headers: WireHeaders): boolean {
  for (const name in headers) {
    const value = headers[name]!
    for (const text of typeof value === 'string' ? [value] : value) if (NOT_PRINTABLE_ASCII.test(text)) return false
  }
  return true
}

/** `body` as node is best handed it: its text where it is short, valid UTF-8 and its headers ASCII (so the bytes sent stay the same), else the bytes. */
function wireBody(body: Uint8Array, headers: WireHeaders): string | Uint8Array {
  if (body.byteLength > TEXT_BODY_BYTES || !asciiOnly(headers)) return body
  try {
    return strict.decode(body)
  } catch {
    return body
  }
}

/**
 * What to hand node as an answer's body with `headers`: the bytes, or for a short body its text,
 * decoded once while the same answer repeats (the same body and headers objects, as a repeated
 * request gets), so a repeat costs two comparisons. The bytes on the wire are the same either way.
 *
 * @example
 * const wireBodies = createWireBodies()
 * response.writeHead(answer.status, headers)
 * response.end(wireBodies(answer.body, headers))
 */
export function createWireBodies(): (body: Uint8Array, headers: WireHeaders) => string | Uint8Array {
  let lastBody: Uint8Array | undefined
  let lastHeaders: WireHeaders | undefined
  let lastWire: string | Uint8Array = ''
  return (body, headers) => {
    if (body !== lastBody || headers !== lastHeaders) {
      lastBody = body
      lastHeaders = headers
      lastWire = wireBody(body, headers)
    }
    return lastWire
  }
}
