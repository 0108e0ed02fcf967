import { parseStartInstant } from '../vocabulary/parse-start-instant.js'
import { FIRST_INSTANT_MS } from '../vocabulary/format-instant.js'
import { createAnalytics } from '../analytics/create-analytics.js'
import { createClock } from '../vocabulary/clock.js'
import { createRoutes } from '../core/endpoints/api-routes.js'
import { toLatencyRange, type LatencyRange } from '../vocabulary/latency.js'
import type { SandboxCore, SandboxState } from '../core/sandbox-core.js'
import { BehaviourJudge } from '../core/behaviour/behaviour-judge.js'
import { BEHAVIOUR_RUN } from '../core/behaviour/behaviour-run.js'
import { createModel } from '../model/create-model.js'
import { createPortal } from '../model/create-portal.js'
import { defaultFixtures } from '../model/default-fixtures.js'
import { generateFixtures } from '../model/generate-fixtures.js'
import type { Fixtures } from '../contract/fixtures-schema.js'
import { parseFixtures } from '../model/parse-fixtures.js'
import { createScenarioCatalogue, resolveScenarios, type ScenarioCatalogue } from '../scenarios/scenario-catalogue.js'
import type { Scenario } from '../contract/scenario-schema.js'
import { ScenarioState } from '../scenarios/scenario-state.js'
import { mutationFromEnvironment, resolveMutation, type MutationChoice } from './resolve-mutation.js'
import { MUTATION_ENV } from '../vocabulary/mutations.js'
import { Journal } from '../core/journal.js'
import type { ProcessWide } from '../core/process-wide.js'
import { RepeatMemo } from '../core/repeat-memo.js'
import { WarningsMemo } from '../core/report/warnings-memo.js'
import { Coverage } from '../core/report/coverage.js'
import { ConfigError } from '../vocabulary/config-error.js'
import { checkWholeOption } from '../vocabulary/whole-option.js'
import { OPTIONS } from '../vocabulary/options.js'
import { LIMITS } from '../vocabulary/limits.js'
import { unboundedAccount, type MemoryBudget } from '../vocabulary/memory-budget.js'
import type { KeyFinder } from '../vocabulary/key-finder.js'
import { resolveBaseUrl, type ApiBase } from './resolve-base-url.js'
import { SANDBOX_OPTION_NAMES, type SandboxOptions } from './sandbox-options.js'
import { checkOptionNames } from './check-option-names.js'
import { createSandboxControls, type SandboxControls } from './sandbox-controls.js'

export const DEFAULT_SEED = OPTIONS.seed.default
/** Requests the journal keeps: the most recent ones. */
export const JOURNAL_CAPACITY = LIMITS.journalEntries

function invalid(option: string, why: string, value: unknown): ConfigError {
  return new ConfigError(`Invalid option "${option}": ${why} (got ${JSON.stringify(value) ?? String(value)})`)
}

/** The start clock: a date (its first instant, UTC), a UTC date-time, or a Date; `undefined` for the real time. */
function resolveNow(now: unknown): number | undefined {
  if (now === undefined) return undefined
  if (now instanceof Date && !Number.isNaN(now.getTime())) return now.getTime()
  const instant = typeof now === 'string' ? parseStartInstant(now) : undefined
  if (instant === undefined) throw invalid('now', 'must be a date (YYYY-MM-DD) or a UTC date-time (YYYY-MM-DDTHH:MM:SSZ)', now)
  if (instant < FIRST_INSTANT_MS) throw invalid('now', 'must be from 0001-01-01 on, as the clock is', now)
  return instant
}

function resolveLatency(latency: unknown): LatencyRange | undefined {
  if (latency === undefined) return undefined
  const range = toLatencyRange(latency)
  if (range === undefined) throw invalid('latency', 'must be milliseconds such as 250, or a range such as 100-400', latency)
  return range
}

function resolveSwitch(option: 'strict' | 'clientReport', value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') throw invalid(option, 'must be true or false', value)
  return value
}

/** Options checked and resolved, before any data is built. */
export interface SandboxConfig {
  readonly fixtures: Fixtures
  readonly seed: number
  /** The start clock (ms since the epoch), frozen there; `undefined`: the real time. */
  readonly startNow: number | undefined
  readonly latency: LatencyRange | undefined
  readonly generateProjects: number
  readonly base: ApiBase
  readonly catalogue: ScenarioCatalogue
  readonly scenarios: readonly Scenario[]
  readonly strict: boolean
  readonly clientReport: boolean
  /** The mutation its answers are given with, and the variant in force for `mutate` (also among `scenarios`). */
  readonly mutate: MutationChoice
  /**
   * The budget its sandboxes draw on for what callers make: a server's (the process's
   * `serverBudget`), or none in a test's own process, where each sandbox keeps only its own limits.
   */
  readonly budget: MemoryBudget | undefined
  /**
   * The keys masking looks for, shared by a server's sandboxes (the process's `serverKeys`: a key
   * made in one session and sent to another is masked too); `undefined`: each sandbox its own.
   */
  readonly knownKeys: KeyFinder | undefined
}

/** Where options came from, to name them in error messages: a fixtures file, scenario files. */
export interface OptionSources {
  readonly fixtures?: string
  /** The source of each inline `scenarios` item, by index (a file path, for instance). */
  readonly scenarios?: readonly string[]
}

/**
 * Checks `options` synchronously, so a mistake surfaces where the sandbox is created, not on its
 * first request. Throws a {@link ConfigError} naming the option or the fixture field that is wrong.
 *
 * @example
 * resolveSandboxConfig({ now: '2026-02-30' }) // ConfigError: Invalid option "now": …
 */
export function resolveSandboxConfig(
  options: SandboxOptions = {},
  sources: OptionSources = {},
  known: ReadonlySet<string> = SANDBOX_OPTION_NAMES,
): SandboxConfig {
  checkOptionNames(options, known)
  const catalogue = createScenarioCatalogue()
  if (options.scenarios !== undefined && !Array.isArray(options.scenarios))
    throw invalid('scenarios', 'must be an array of names or definitions', options.scenarios)
  const given = resolveScenarios(catalogue, options.scenarios ?? [], (index) => sources.scenarios?.[index] ?? `options.scenarios[${index}]`)
  const fromEnvironment = options.mutation === undefined ? mutationFromEnvironment() : undefined
  const mutate = resolveMutation(
    options.mutation ?? fromEnvironment,
    fromEnvironment === undefined ? 'option "mutation"' : `${MUTATION_ENV} in the environment`,
    catalogue,
  )
  return {
    catalogue,
    // A variant to run under is a layer under the scenarios (ScenarioState), not one of them.
    scenarios: given,
    mutate,
    seed: checkWholeOption('seed', options.seed, DEFAULT_SEED),
    startNow: resolveNow(options.now),
    latency: resolveLatency(options.latency),
    generateProjects: checkWholeOption('generateProjects', options.generateProjects, 0),
    base: resolveBaseUrl(options.baseUrl),
    strict: resolveSwitch('strict', options.strict, false),
    clientReport: resolveSwitch('clientReport', options.clientReport, true),
    budget: undefined,
    knownKeys: undefined,
    // Only an absent option means the default data: a file holding `null` is an error, not a fallback.
    // The default data is already in its validated form (a test checks it), so it is not parsed.
    fixtures: options.fixtures === undefined ? defaultFixtures : parseFixtures(options.fixtures, sources.fixtures ?? 'options.fixtures'),
  }
}

/** Requests of the dashboard's own kept (apart from a test's journal). */
const OBSERVER_JOURNAL_CAPACITY = 200

/**
 * The run-time state of a sandbox that exists before its data is seeded: scenarios, journals and
 * coverage, so an in-process sandbox can switch scenarios and read its journal and report synchronously.
 *
 * @example
 * const state = createSandboxState(config)
 * state.scenarios.activate([])
 */
export function createSandboxState(config: SandboxConfig): SandboxState {
  const budget = config.budget?.account() ?? unboundedAccount()
  // First, while the account holds nothing else: definitions past the budget refuse the sandbox whole.
  config.catalogue.attach(budget)
  const behaviour = new BehaviourJudge()
  // Under a `report --behaviour -- <command>` run, the verdicts go to the run after each request.
  const changed = BEHAVIOUR_RUN.listen?.(() => {
    journal.drain()
    return behaviour.report('suite', BEHAVIOUR_RUN.maxRetries)
  })
  behaviour.changed = changed
  // The judge reads every entry once, as it leaves the ring or when verdicts are asked for.
  const journal = new Journal(JOURNAL_CAPACITY, budget, (said, at, id) => behaviour.feed(said, at, id), changed)
  return {
    budget,
    scenarios: new ScenarioState(config.catalogue, config.scenarios, config.seed, budget, config.mutate.variant),
    journal,
    observerJournal: new Journal(OBSERVER_JOURNAL_CAPACITY, budget),
    coverage: new Coverage(),
    behaviour,
  }
}

/**
 * Builds the state the core answers from: seeds the model (and generates projects, if asked).
 *
 * @example
 * const sandbox = await createSandboxCore(resolveSandboxConfig({ now: '2026-01-15' }), THIS_PROCESS)
 * dispatch(sandbox, request)
 */
export async function createSandboxCore(
  config: SandboxConfig,
  process: ProcessWide,
  state: SandboxState = createSandboxState(config),
): Promise<SandboxCore> {
  const { seed, generateProjects: count } = config
  const fixtures =
    count === 0
      ? config.fixtures
      : parseFixtures(
          generateFixtures(config.fixtures, { seed, count, nowMs: config.startNow ?? Date.now() }),
          `${count} generated projects`,
        )
  return buildSandboxCore(config, fixtures, process, state)
}

/**
 * A sandbox's state from its configuration and the records it is seeded with (already generated):
 * at once, as a session is made. Everything that does not depend on one sandbox (the answer, series
 * and admin-answer caches, the parsed records) is `process`'s, shared.
 *
 * @example
 * const session = buildSandboxCore(config, root.fixtures, process)
 */
export function buildSandboxCore(
  config: SandboxConfig,
  fixtures: Fixtures,
  process: ProcessWide,
  state: SandboxState = createSandboxState(config),
): SandboxCore {
  const { seed } = config
  const model = createModel(fixtures, config.knownKeys)
  const clock = createClock(config.startNow)
  return {
    basePath: config.base.basePath,
    routes: createRoutes(config.base.basePath),
    fixtures,
    model,
    portal: createPortal(model, clock, seed, state.budget),
    analytics: createAnalytics(seed, process.series),
    clock,
    latency: config.latency,
    strict: config.strict,
    clientReport: config.clientReport,
    mutation: config.mutate.mutation,
    ...state,
    shared: process,
    repeats: new RepeatMemo(),
    lastWarnings: new WarningsMemo(),
    requestCount: 0,
  }
}

/** A sandbox being opened: its resolved configuration, its core (ready once seeded), and the controls the library gives. */
export interface OpenedSandbox extends SandboxControls {
  readonly config: SandboxConfig
  /** Resolves once the records are seeded; a seeding failure rejects it (never unhandled). */
  readonly core: Promise<SandboxCore>
}

/**
 * A root sandbox from a resolved configuration: state, core (by {@link buildSandboxCore}, as a
 * session's is by `openSession`) and controls. `createSandbox` (msw) calls it, and `serveSandbox`
 * for `startSandbox` and the command line.
 *
 * @example
 * const opened = openSandbox(resolveSandboxConfig({ seed: 7 }), THIS_PROCESS)
 * const sandbox = await opened.core
 */
export function openSandbox(config: SandboxConfig, process: ProcessWide): OpenedSandbox {
  const state = createSandboxState(config)
  const core = createSandboxCore(config, process, state)
  // Seeding failures surface where the core is awaited; keep them from being "unhandled" meanwhile.
  core.catch(() => undefined)
  return Object.assign(createSandboxControls(state, core), { config, core })
}
