import { builtinScenarios } from '../scenarios/builtin-scenarios.js'
import { MUTATIONS, type MutationKind } from '../vocabulary/mutations.js'
import type { EndpointName } from '../vocabulary/endpoint-names.js'
import { VARIANT_PREFIX } from '../vocabulary/variants.js'

/**
 * What `mutate` runs a suite under, as `GET /__sandbox/mutations` and the library's `mutations`
 * give it: every mutation derived from the contract, in order, and every variant.
 *
 * @example
 * const { mutations, variants }: MutationList = MUTATION_LIST
 */
export interface MutationList {
  readonly mutations: ReadonlyArray<{
    readonly id: string
    readonly kind: MutationKind
    readonly endpoint: EndpointName
    readonly path: string
  }>
  readonly variants: ReadonlyArray<{ readonly name: string; readonly description: string }>
}

/**
 * The list, made once.
 *
 * @example
 * MUTATION_LIST.mutations.filter((mutation) => mutation.endpoint === 'overview').length
 */
export const MUTATION_LIST: MutationList = Object.freeze({
  mutations: MUTATIONS.map(({ id, kind, endpoint, path }) => ({ id, kind, endpoint, path })),
  variants: builtinScenarios.flatMap((scenario) =>
    scenario.name.startsWith(VARIANT_PREFIX) ? [{ name: scenario.name, description: scenario.description }] : [],
  ),
})
