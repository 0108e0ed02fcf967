import { ERRORS, type ErrorTemplate } from './errors.js'
import { SandboxError, type FieldIssue } from './sandbox-error.js'

/**
 * A problem with the sandbox's configuration (a fixture file, a scenario, an option), found before
 * any request is served. Its message says what, where and why, in one line, for example
 * `Failed to load fixtures (fixtures/x.json): projects[0].region: "XX" is not an ISO 3166-1 alpha-2 code`.
 * Sent at run time (a scenario definition to the admin API), it is answered as its template says:
 * 400 `invalid_body`, its message the detail, and `errors.fields` listing its `issues` where it
 * has them (each mistake at its field of the request's body).
 *
 * @example
 * throw new ConfigError('Failed to load fixtures (x.json): file not found')
 */
export class ConfigError extends SandboxError {
  override readonly name: string = 'ConfigError'

  constructor(message: string, template: ErrorTemplate = ERRORS.invalidBody, issues: readonly FieldIssue[] = []) {
    super(template, message, {}, issues)
  }
}
