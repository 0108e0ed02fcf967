import { ConfigError } from './config-error.js'

/**
 * A scenario name that is in no catalogue: a {@link ConfigError} the admin API can tell apart from
 * an invalid definition (400 `unknown_scenario` rather than `invalid_body`).
 *
 * @example
 * throw new UnknownScenarioError('Unknown scenario "flakey". Available scenarios: …')
 */
export class UnknownScenarioError extends ConfigError {}
