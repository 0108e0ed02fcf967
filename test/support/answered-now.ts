import type { TimedAnswer } from '../../src/core/core-request.js'

/**
 * The core's answer to a request it answers at once (every request but an OpenAPI document or a
 * dashboard file, which load on first request); fails the test if it came as a promise.
 *
 * @example
 * const answer = answeredNow(dispatch(core, request))
 */
export function answeredNow(answer: TimedAnswer | Promise<TimedAnswer>): TimedAnswer {
  if (answer instanceof Promise) throw new Error('the core answered with a promise where it answers at once')
  return answer
}
