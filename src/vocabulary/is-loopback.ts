/** Loopback names: `localhost`, any 127.x.x.x (IPv4-mapped too), and ::1. */
const LOOPBACK_NAME = /^(?:localhost|(?:::ffff:)?127(?:\.\d{1,3}){3}|::1)$/i

/**
 * Whether a name means this machine only: an address to bind (`127.0.0.1`, `::1`, `localhost`) or
 * a `Host` header's value (`localhost:4010`, `[::1]:4010`, any port). The one test the server's bind
 * address (does the admin API need a token?) and the DNS-rebinding check (may this Host see the
 * admin API?) both use.
 *
 * @example
 * isLoopback('127.0.0.1') // true
 * isLoopback('[::1]:4010') // true
 * isLoopback('rebound.example:4010') // false
 */
export function isLoopback(name: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(name)
  if (bracketed !== null) return LOOPBACK_NAME.test(bracketed[1]!)
  // A name with one colon is host:port; more than one, a bare IPv6 address.
  const colons = name.split(':').length - 1
  const host = colons === 1 ? name.slice(0, name.indexOf(':')) : name
  if (colons === 1 && !/^\d{1,5}$/.test(name.slice(name.indexOf(':') + 1))) return false
  return LOOPBACK_NAME.test(host)
}
