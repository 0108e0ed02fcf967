import type { Scenario } from '../contract/scenario-schema.js'
import type { ScenarioCatalogue } from '../scenarios/scenario-catalogue.js'
import { ConfigError } from '../vocabulary/config-error.js'
import { MUTATION_BY_ID, MUTATION_ENV, type Mutation } from '../vocabulary/mutations.js'
import { VARIANT_PREFIX } from '../vocabulary/variants.js'

/** What a sandbox is run under for `mutate`: a mutation of its answers, or a variant in force (or neither). */
export interface MutationChoice {
  readonly mutation: Mutation | undefined
  readonly variant: Scenario | undefined
}

/** Neither a mutation nor a variant: the sandbox as it is. */
export const NO_MUTATION: MutationChoice = Object.freeze({ mutation: undefined, variant: undefined })

/**
 * Why a mutation choice is refused, as the tests import it.
 *
 * @example
 * UNKNOWN_MUTATION('drop:projects:data.totl')
 */
export const UNKNOWN_MUTATION = (value: string) =>
  `${JSON.stringify(value.slice(0, 200))} is neither a mutation id (such as drop:projects:data.total; GET /__sandbox/mutations lists them) nor a variant's name (such as variant-trend)`

/**
 * `ANALYTICS_SANDBOX_MUTATION` from the environment, where there is one (not in a browser): every
 * sandbox made in a process reads it, so a suite run by `mutate` needs no change.
 *
 * @example
 * process.env.ANALYTICS_SANDBOX_MUTATION = 'variant-trend'; mutationFromEnvironment() // 'variant-trend'
 */
export function mutationFromEnvironment(): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[MUTATION_ENV]?.trim()
  return value === undefined || value === '' ? undefined : value
}

/**
 * The mutation or variant `value` names: a mutation id, or a variant's built-in scenario name.
 * Throws a {@link ConfigError} naming `source` for anything else.
 *
 * @example
 * resolveMutation('variant-trend', 'options.mutation', catalogue).variant?.name // 'variant-trend'
 */
export function resolveMutation(value: unknown, source: string, catalogue: ScenarioCatalogue): MutationChoice {
  if (value === undefined) return NO_MUTATION
  if (typeof value !== 'string') throw new ConfigError(`Invalid ${source}: must be a mutation id or a variant's name`)
  const mutation = MUTATION_BY_ID.get(value)
  if (mutation !== undefined) return { mutation, variant: undefined }
  const entry = value.startsWith(VARIANT_PREFIX) ? catalogue.get(value) : undefined
  if (entry !== undefined && entry.source === 'built-in') return { mutation: undefined, variant: entry.scenario }
  throw new ConfigError(`Invalid ${source}: ${UNKNOWN_MUTATION(value)}`)
}
