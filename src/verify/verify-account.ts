import { contractIssue, type ContractIssue } from '../contract/check-response.js'
import type { ApiKeyDetails, ProjectsData } from '../contract/resource-schemas.js'
import { ERRORS } from '../vocabulary/errors.js'
import type { CheckSpec, VerifyRun } from './create-verify-run.js'

/** What the account checks learn for the analytics checks. */
export interface Account {
  readonly key: ApiKeyDetails | undefined
  /** The project the analytics checks use; `undefined` when there is none. */
  readonly projectId: number | undefined
  /** A project id the key has no access to. */
  readonly foreignProjectId: number
  /** Why there is no project, when there is none. */
  readonly noProject?: string
}

/** A key no deployment accepts. */
const INVALID_KEY = 'analytics-sandbox-verify-not-a-key'

function keyIssues(key: ApiKeyDetails): ContractIssue[] {
  const issues: ContractIssue[] = []
  if (!key.valid) issues.push(contractIssue('data.valid', 'true', key.valid))
  if (key.key_level === 'USER' && key.project_id !== null)
    issues.push(contractIssue('data.project_id', 'null (a USER-level key)', key.project_id))
  if (key.key_level === 'PROJECT' && key.project_id === null)
    issues.push(contractIssue('data.project_id', 'the project of a PROJECT-level key', key.project_id))
  return issues
}

function projectsIssues(data: ProjectsData, key: ApiKeyDetails | undefined, wanted: number | undefined): ContractIssue[] {
  const issues: ContractIssue[] = []
  if (data.total !== data.projects.length)
    issues.push(contractIssue('data.total', `${data.projects.length} (the count of projects returned)`, data.total))
  const ids = data.projects.map((project) => project.id)
  ids.forEach(
    (id, index) => ids.indexOf(id) !== index && issues.push(contractIssue(`data.projects[${index}].id`, 'an id not listed before', id)),
  )
  if (key?.key_level === 'PROJECT' && (ids.length !== 1 || ids[0] !== key.project_id))
    issues.push(contractIssue('data.projects', `only project ${key.project_id} (the key's)`, ids))
  if (wanted !== undefined && !ids.includes(wanted))
    issues.push(contractIssue('data.projects', `a list with project ${wanted} (--project-id)`, ids))
  return issues
}

/** The project ids of a `/projects` answer, read leniently: a drifted list still names its projects. */
function projectIds(body: unknown): number[] {
  const listed = (body as { data?: { projects?: unknown } } | undefined)?.data?.projects
  if (!Array.isArray(listed)) return []
  return listed
    .map((project) => (project as { id?: unknown } | null)?.id)
    .filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0)
}

/**
 * The key and account checks: `/validate`, 401 without a key and with an unknown one, 404 for a
 * path that names no endpoint, `/projects` (and that it ignores X-Project-ID), and access to the
 * chosen project on `/validate`.
 */
export async function verifyAccount(run: VerifyRun, wanted: number | undefined): Promise<Account> {
  const validated = await run.check(
    { id: 'validate', title: 'GET /validate gives the key’s details', basis: 'spec' },
    { path: 'validate' },
    { endpoint: 'validate', status: 200 },
    (answer) => keyIssues((answer.body as { data: ApiKeyDetails }).data),
  )
  const key = validated?.conforms === true ? (validated.body as { data: ApiKeyDetails }).data : undefined
  const unauthorized = { endpoint: 'validate', status: 401, template: ERRORS.unauthorized } as const
  await run.check(
    { id: 'auth.missing-key', title: 'A request without X-API-Key is refused with 401', basis: 'spec' },
    { path: 'validate', key: 'none' },
    unauthorized,
  )
  await run.check(
    { id: 'auth.invalid-key', title: 'An unknown key is refused with 401', basis: 'spec' },
    { path: 'validate', key: { other: INVALID_KEY } },
    unauthorized,
  )
  await run.check(
    { id: 'routing.not-found', title: 'A path that names no endpoint answers 404 not_found', basis: 'sandbox' },
    { path: 'analytics-sandbox-verify-no-such-endpoint' },
    { endpoint: undefined, status: 404, template: ERRORS.notFound },
  )
  const listed = await run.check(
    { id: 'projects', title: 'GET /projects lists the key’s projects', basis: 'spec' },
    { path: 'projects' },
    { endpoint: 'projects', status: 200 },
    (answer) => projectsIssues((answer.body as { data: ProjectsData }).data, key, wanted),
  )
  const ignoresHeader: CheckSpec = { id: 'projects.ignores-project-id', title: 'GET /projects ignores X-Project-ID', basis: 'sandbox' }
  if (listed !== undefined && !listed.conforms) run.skip(ignoresHeader, 'needs a conforming GET /projects answer')
  if (listed?.conforms === true) {
    await run.check(ignoresHeader, { path: 'projects', projectId: 'not-a-project' }, { endpoint: 'projects', status: 200 }, (answer) =>
      answer.text === listed.text ? [] : [contractIssue('(body)', 'the same answer as without X-Project-ID', answer.text)],
    )
  }
  const ids = projectIds(listed?.body)
  const foreignProjectId = Math.max(999_999, ...ids) + 1
  const projectId = key?.key_level === 'PROJECT' ? (key.project_id ?? undefined) : (wanted ?? ids[0])
  const noProject =
    key === undefined
      ? 'GET /validate gave no key details'
      : projectId === undefined
        ? 'the account has no projects; name one with --project-id'
        : undefined
  if (projectId !== undefined && key !== undefined) {
    await run.check(
      { id: 'validate.project', title: 'GET /validate with X-Project-ID of an accessible project gives the key’s details', basis: 'spec' },
      { path: 'validate', projectId: String(projectId) },
      { endpoint: 'validate', status: 200 },
    )
  }
  const forbidden = {
    id: 'validate.forbidden',
    title: 'GET /validate with X-Project-ID of another project answers 403 forbidden',
    basis: 'spec',
  } as const
  if (key === undefined) run.skip(forbidden, 'GET /validate gave no key details')
  else
    await run.check(
      forbidden,
      { path: 'validate', projectId: String(foreignProjectId) },
      { endpoint: 'validate', status: 403, template: ERRORS.forbidden },
    )
  return { key, projectId, foreignProjectId, ...(noProject === undefined ? {} : { noProject }) }
}
