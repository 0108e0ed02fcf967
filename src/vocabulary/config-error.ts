/**
 * A problem with the sandbox's configuration (a fixture file, a scenario, an option), found before
 * any request is served. Its message says what, where and why, in one line, for example
 * `Failed to load fixtures (fixtures/x.json): projects[0].region: "XX" is not an ISO 3166-1 alpha-2 code`.
 *
 * @example
 * throw new ConfigError('Failed to load fixtures (x.json): file not found')
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}
