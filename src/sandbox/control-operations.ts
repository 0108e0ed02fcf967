import type { AdminOperationId } from '../contract/admin-operations.js'
import type { AccountControls, ClockControls, KeyControls, ProjectControls, SandboxControls } from './sandbox-controls.js'

/**
 * The names of a group's methods, not its values (`keys` holds the documented keys too).
 *
 * @example
 * const method: MethodsOf<ClockControls> = 'advance'
 */
export type MethodsOf<Group> = { [Name in keyof Group]: Group[Name] extends (...args: never[]) => unknown ? Name : never }[keyof Group]

/** The operation id of each method of a group of controls. */
type OperationsOf<Group> = { readonly [Method in MethodsOf<Group>]: AdminOperationId }

/** One entry a control: an operation id, or a group's operation ids by method. */
type ControlOperations = {
  readonly [Name in keyof SandboxControls]: SandboxControls[Name] extends AccountControls | ProjectControls | KeyControls | ClockControls
    ? OperationsOf<SandboxControls[Name]>
    : AdminOperationId
}

/**
 * The admin operation each control of the library does (#53): the library and the admin API are two
 * ways to the same operations of the table. A control added without its operation, one left here
 * after it went, or an id the table does not have does not compile (test/unit/sandbox/control-operations.test.ts).
 *
 * @example
 * CONTROL_OPERATIONS.keys.revoke // 'patch_keys_key'
 */
export const CONTROL_OPERATIONS = {
  requests: 'get_requests',
  coverage: 'get_coverage',
  behaviour: 'get_behaviour',
  expect: 'post_expect',
  useScenario: 'put_scenario',
  reset: 'post_reset',
  accounts: { create: 'post_accounts' },
  projects: { create: 'post_projects', update: 'patch_projects_id', delete: 'delete_projects_id' },
  keys: { create: 'post_keys', list: 'get_keys', update: 'patch_keys_key', revoke: 'patch_keys_key', delete: 'delete_keys_key' },
  clock: { get: 'get_clock', set: 'put_clock', advance: 'put_clock', reset: 'put_clock' },
} as const satisfies ControlOperations

/**
 * The operations no control of the library does, each for a reason: what a server alone has
 * (sessions, documents), what the library reads another way (health, the catalogue, the active set,
 * the mutations), and emptying the journal, which `reset()` does with the rest.
 *
 * @example
 * SERVER_ONLY_OPERATIONS.includes('post_sessions') // true
 */
export const SERVER_ONLY_OPERATIONS = [
  'get_health',
  'get_scenarios',
  'get_scenario',
  'get_mutations',
  'delete_requests',
  'get_openapi_json',
  'get_admin_openapi_json',
  'get_sessions',
  'post_sessions',
  'delete_sessions_session',
] as const satisfies readonly AdminOperationId[]
