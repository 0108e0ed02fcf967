import type { SessionInput } from '../contract/session-schemas.js'
import { loadInputSchemas } from '../contract/load-input-schemas.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import { distinctIssues, issuesOf } from '../model/parse-body.js'
import { refuseOversizedBody } from '../model/refuse-oversized-body.js'
import { createScenarioCatalogue, DEFINED_TWICE, resolveScenarios, type ScenarioCatalogue } from '../scenarios/scenario-catalogue.js'
import { NO_MUTATION, resolveMutation, UNKNOWN_MUTATION, type MutationChoice } from './resolve-mutation.js'
import { ConfigError } from '../vocabulary/config-error.js'
import { parseStartInstant } from '../vocabulary/parse-start-instant.js'
import { PortalError, type FieldIssue } from '../vocabulary/portal-error.js'
import { buildSandboxCore, type SandboxConfig } from './open-sandbox.js'
import type { ProcessWide } from '../core/process-wide.js'
import { inputMessage } from '../vocabulary/input-message.js'

/** A session's sandbox, with what it was made with. */
export interface OpenedSession {
  readonly core: SandboxCore
  readonly label: string | null
}

/**
 * A session's sandbox: a whole, fresh sandbox with the process's records, latency and base path,
 * and the seed, start clock, scenarios and strict mode `body` gives (default: the process's seed,
 * start clock and strict mode, no scenario). The catalogue knows the built-ins and the process's
 * start-up definitions. Made at once; its reset goes back to these options. A bad body is a
 * {@link PortalError} listing every mistake by field; nothing is made.
 *
 * @example
 * const { core } = openSession(processConfig, processCore.fixtures, { seed: 7, now: '2026-01-15' })
 */
export function openSession(base: SandboxConfig, process: ProcessWide, fixtures: SandboxCore['fixtures'], body: unknown): OpenedSession {
  refuseOversizedBody(body)
  const parsed = loadInputSchemas().sessionBodySchema.safeParse(body === undefined ? {} : body, { error: inputMessage })
  const issues: FieldIssue[] = parsed.success ? [] : issuesOf(parsed.error)
  const catalogue = createScenarioCatalogue()
  // The process's own definitions (from --scenario files) are known by name in every session.
  resolveScenarios(catalogue, base.scenarios, () => 'the sandbox’s start-up scenarios')
  // Each scenario is checked on its own, so every unknown name is listed with the other mistakes.
  const given = parsed.success ? (parsed.data.scenarios ?? []) : scenariosIn(body)
  const defined = new Set<unknown>()
  // An item the schema refused already (5, not a name or a definition) is not reported twice.
  const refused = new Set(issues.map((issue) => issue.field))
  const scenarios = given.flatMap((item, index) => {
    if (refused.has(`scenarios[${index}]`)) return []
    // Two definitions of one name: the catalogue would list one and the session apply the other.
    const name = typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : undefined
    if (name !== undefined && defined.has(name)) {
      issues.push({ field: `scenarios[${index}].name`, message: DEFINED_TWICE })
      return []
    }
    if (name !== undefined) defined.add(name)
    try {
      const field = `scenarios[${index}]`
      return resolveScenarios(catalogue, [item], () => field, { fieldOf: () => field })
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      // A definition's mistakes at their own fields; an unknown name at the item.
      if (error.issues.length > 0) issues.push(...error.issues)
      else issues.push({ field: `scenarios[${index}]`, message: error.message })
      return []
    }
  })
  const mutate = mutationOf(parsed.success ? parsed.data.mutation : undefined, base, catalogue, issues)
  if (!parsed.success || issues.length > 0) throw PortalError.invalid(distinctIssues(issues))
  const input: SessionInput = parsed.data
  const config: SandboxConfig = {
    ...base,
    catalogue,
    scenarios,
    mutate,
    seed: input.seed ?? base.seed,
    startNow: input.now === undefined ? base.startNow : parseStartInstant(input.now),
    strict: input.strict ?? base.strict,
    generateProjects: 0,
  }
  return { core: buildSandboxCore(config, fixtures, process), label: input.label ?? null }
}

/**
 * The mutation or variant a session runs under: its body's `mutation` (`null`: none), else the
 * process's (which came from its options or ANALYTICS_SANDBOX_MUTATION). An unknown one is an
 * issue of `mutation`.
 */
function mutationOf(
  given: string | null | undefined,
  base: SandboxConfig,
  catalogue: ScenarioCatalogue,
  issues: FieldIssue[],
): MutationChoice {
  if (given === undefined) return base.mutate
  // null: the contract as it is, whatever the process (or the parent session) runs under.
  if (given === null) return NO_MUTATION
  try {
    return resolveMutation(given, 'mutation', catalogue)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    issues.push({ field: 'mutation', message: UNKNOWN_MUTATION(given) })
    return NO_MUTATION
  }
}

/** The `scenarios` of a body the schema refused, when it is a list: to check its names too. */
function scenariosIn(body: unknown): readonly unknown[] {
  const scenarios = typeof body === 'object' && body !== null ? (body as { scenarios?: unknown }).scenarios : undefined
  return Array.isArray(scenarios) ? scenarios : []
}
