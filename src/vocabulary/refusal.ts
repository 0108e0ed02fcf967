import type { ErrorTemplate } from './errors.js'

/**
 * A decision to refuse a request: which error, the detail to give, and headers to add. Scenarios
 * return refusals; the request pipeline turns them into answers.
 *
 * @example
 * const refusal: Refusal = { template: ERRORS.rateLimited, headers: { 'retry-after': '30' } }
 */
export interface Refusal {
  readonly template: ErrorTemplate
  readonly detail?: string | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * Whether `value` is a refusal rather than what was asked for.
 *
 * @example
 * const active = scenarios.forRequest(header)
 * if (isRefusal(active)) throw EnvelopeError.from(active)
 */
export function isRefusal(value: object): value is Refusal {
  return 'template' in value
}
