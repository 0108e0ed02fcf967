import type { PortalError } from '../../vocabulary/portal-error.js'
import { EnvelopeError } from '../envelope-error.js'

/**
 * The 400, 404 or 409 of a refused admin operation, its mistakes in `errors.fields` (`{ field, message }` each).
 *
 * @example
 * throw portalRefusal(PortalError.invalid([{ field: 'expiry', message: 'must be an ISO 8601 UTC date-time' }]))
 */
export function portalRefusal(error: PortalError): EnvelopeError {
  const refusal = new EnvelopeError(error.template, error.message)
  if (error.issues.length > 0) Object.assign(refusal.envelope.errors, { fields: error.issues })
  return refusal
}
