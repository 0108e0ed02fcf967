import type { ErrorTemplate } from './errors.js'

/** One mistake in a body: the field (as a user writes it, `projects[0].region`) and what is wrong. */
export interface FieldIssue {
  readonly field: string
  readonly message: string
}

/** The error envelope a {@link SandboxError} answers with: the API's, plus `errors.fields` for a body's mistakes. */
export interface ErrorBody {
  success: false
  message: string
  code: number
  data: Record<string, never>
  errors: { error?: string; detail?: string; fields?: readonly FieldIssue[] }
  meta_data: Record<string, never>
}

/**
 * The error envelope of `template`: its message and status, and (but on a 500) its code with
 * `detail` or the template's own detail, and the fields of `issues` when there are any.
 *
 * @example
 * errorBody(ERRORS.invalidRegion).errors // { error: 'invalid_region', detail: '…' }
 */
export function errorBody(template: ErrorTemplate, detail?: string, issues: readonly FieldIssue[] = []): ErrorBody {
  const errors: ErrorBody['errors'] = {}
  if (template.error !== undefined) {
    errors.error = template.error
    const text = detail ?? template.detail
    if (text !== undefined) errors.detail = text
  }
  if (issues.length > 0) errors.fields = issues
  return { success: false, message: template.message, code: template.status, data: {}, errors, meta_data: {} }
}

/**
 * Every refusal of the sandbox, whoever makes it (a guard, a scenario, the portal, the admin API, a
 * configuration check): a coded error that carries its template and builds its own envelope, so
 * each dispatcher catches this one type and answers with `envelope` and `headers`. `PortalError`
 * and `ConfigError` are the kinds the library throws to its caller.
 *
 * @example
 * try { await sandbox.keys.revoke('sbx_nope') } catch (error) {
 *   if (error instanceof SandboxError) error.status // 404, error.code 'not_found'
 * }
 */
export class SandboxError extends Error {
  override readonly name: string = 'SandboxError'

  constructor(
    readonly template: ErrorTemplate,
    readonly detail?: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(detail ?? template.detail ?? template.message)
  }

  /** The HTTP status the API answers with. */
  get status(): number {
    return this.template.status
  }

  /** The envelope's `errors.error` code (none on a 500). */
  get code(): string | undefined {
    return this.template.error
  }

  /** The error envelope, built anew each time (a caller may add to it). */
  get envelope(): ErrorBody {
    return errorBody(this.template, this.detail, this.issues)
  }
}
