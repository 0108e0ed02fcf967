import { checkResponse, describeValue, type ContractIssue } from '../contract/check-response.js'
import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import type { ProbeAnswer } from './probe.js'

/** What a probe's answer must be: the status, and for an error the template it is built from. */
export interface Expectation {
  /** The endpoint the path names; `undefined` for a path that names none. */
  readonly endpoint: EndpointName | undefined
  readonly status: number
  readonly template?: ErrorTemplate
}

/**
 * The messages the specification or the product contract fixes word for word: the 500s of each
 * endpoint, and the counted success messages of /monitoring and /overview. Any other message is the
 * deployment's own wording (the sandbox's is one choice among many), so verify only asks for text.
 *
 * @example
 * FIXED_MESSAGES.has(ERRORS.projectsFailed) // true
 */
export const FIXED_MESSAGES: ReadonlySet<ErrorTemplate> = new Set<ErrorTemplate>([
  ERRORS.validateFailed,
  ERRORS.projectsFailed,
  ERRORS.monitoringFailed,
  ERRORS.overviewFailed,
])
const COUNTED_SUCCESS: ReadonlySet<EndpointName | undefined> = new Set<EndpointName | undefined>(['monitoring', 'overview'])

/** Whether `answer`'s message is one the contract fixes, so its words are checked. */
function messageFixed(answer: ProbeAnswer, expectation: Expectation): boolean {
  if (answer.status === 200) return COUNTED_SUCCESS.has(expectation.endpoint)
  return expectation.template !== undefined && FIXED_MESSAGES.has(expectation.template)
}

/**
 * The differences between an answer and what the contract says it must be: no answer at all, the
 * status, the JSON content type, then every field (see `checkResponse`) and the exact
 * `errors.error` code of the expected error; `message` word for word only where the contract
 * fixes it ({@link FIXED_MESSAGES}).
 *
 * @example
 * expectAnswer(await probe({ path: 'projects' }), { endpoint: 'projects', status: 200 }) // []
 */
export function expectAnswer(answer: ProbeAnswer, expectation: Expectation): ContractIssue[] {
  if (answer.failure !== undefined) return [{ path: '(request)', expected: 'an answer', received: answer.failure }]
  if (answer.status !== expectation.status) {
    const code = (answer.body as { errors?: { error?: unknown } } | undefined)?.errors?.error
    const expected = `${expectation.status}${expectation.template?.error === undefined ? '' : ` ${expectation.template.error}`}`
    return [{ path: '(status)', expected, received: `${answer.status}${typeof code === 'string' ? ` ${code}` : ''}` }]
  }
  const issues: ContractIssue[] = []
  if (!(answer.contentType ?? '').toLowerCase().startsWith('application/json')) {
    issues.push({ path: '(content-type)', expected: 'application/json', received: describeValue(answer.contentType ?? undefined) })
  }
  if (answer.body === undefined) return [...issues, { path: '(body)', expected: 'a JSON envelope', received: describeValue(answer.text) }]
  const template = expectation.template
  const code = (answer.body as { errors?: { error?: unknown } }).errors?.error
  // The expected error is known exactly: a different code is reported against it, not against every code the status allows.
  const wrongCode = template?.error !== undefined && code !== template.error
  const message = (answer.body as { message?: unknown }).message
  // Words the contract does not fix need only be words.
  const wordsFree = !messageFixed(answer, expectation) && typeof message === 'string' && message !== ''
  for (const issue of checkResponse({ method: 'GET', endpoint: expectation.endpoint }, answer.status, answer.body)) {
    if (wrongCode && issue.path === 'errors.error') continue
    if (wordsFree && issue.path === 'message') continue
    issues.push(issue)
  }
  if (wrongCode) issues.push({ path: 'errors.error', expected: template.error ?? '', received: describeValue(code) })
  return issues
}
