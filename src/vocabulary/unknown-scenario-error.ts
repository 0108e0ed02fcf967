import { ConfigError } from './config-error.js'
import { ERRORS } from './errors.js'

/**
 * A scenario name that is in no catalogue: a {@link ConfigError} the admin API answers with 400
 * `unknown_scenario` rather than `invalid_body`.
 *
 * @example
 * throw new UnknownScenarioError('Unknown scenario "flakey". Available scenarios: …')
 */
export class UnknownScenarioError extends ConfigError {
  constructor(message: string) {
    super(message, ERRORS.unknownScenario)
  }
}
