import type { CoreRequest } from '../core-request.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS } from '../../vocabulary/errors.js'
import { isLoopback } from '../../vocabulary/is-loopback.js'

/** The detail of a refusal for a Host that is not loopback: DNS rebinding. */
export const FOREIGN_HOST_DETAIL =
  'This sandbox listens on loopback and answers its admin API only for the Host names localhost, 127.0.0.1 (any 127.x.x.x) and [::1]: another name pointing here is how DNS rebinding reaches a local server'

/** The detail of a refusal for a foreign Origin. */
export const FOREIGN_ORIGIN_DETAIL =
  "The admin API answers only the sandbox's own tools and dashboard: the Origin of this request is another site's, so it is refused before it reads or changes anything"

/**
 * The detail of a refusal for a browser request another site started (`Sec-Fetch-Site`).
 *
 * @example
 * envelope.errors.detail === CROSS_SITE_DETAIL
 */
export const CROSS_SITE_DETAIL =
  "The admin API answers only the sandbox's own tools and dashboard: this browser request was started by another site (Sec-Fetch-Site), such as an <img> or a link on a foreign page, so it is refused before it reads or changes anything"

/** What a browser says of a request another site started: an `<img>` sends no Origin, but says this. */
const CROSS_SITE: ReadonlySet<string> = new Set(['cross-site', 'same-site'])

/**
 * Why an admin request must be refused before it reads or changes anything, or `undefined` when
 * it may go on. A web page on another origin sends its Origin (a `no-cors` POST included), so any
 * Origin but `http://<Host>` is refused; a page that rebinds its own name to 127.0.0.1 sends its
 * name as Host, so a sandbox bound to loopback (`loopbackOnly`) answers loopback names only. A GET
 * from an `<img>` or a link sends no Origin, but browsers say `Sec-Fetch-Site: cross-site` (or
 * `same-site`, another port of the same host): refused too. Tools (curl, test harnesses) send
 * neither header and pass.
 *
 * @example
 * const refusal = refuseForeignOrigin(request, true)
 * if (refusal !== undefined) throw refusal
 */
export function refuseForeignOrigin(request: CoreRequest, loopbackOnly: boolean): SandboxError | undefined {
  const host = request.header('host')
  if (loopbackOnly && host !== null && !isLoopback(host)) return new SandboxError(ERRORS.forbiddenOrigin, FOREIGN_HOST_DETAIL)
  const site = request.header('sec-fetch-site')
  if (site !== null && CROSS_SITE.has(site.toLowerCase())) return new SandboxError(ERRORS.forbiddenOrigin, CROSS_SITE_DETAIL)
  const origin = request.header('origin')
  if (origin !== null && (host === null || origin.toLowerCase() !== `http://${host.toLowerCase()}`)) {
    return new SandboxError(ERRORS.forbiddenOrigin, FOREIGN_ORIGIN_DETAIL)
  }
  return undefined
}
