import { builtinScenarios } from '../scenarios/builtin-scenarios.js'
import { MUTATIONS, type MutationKind } from '../vocabulary/mutations.js'
import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { VARIANT_FIELDS, VARIANT_PREFIX, type VariantName } from '../vocabulary/variants.js'

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
    /** An envelope field a correct client may ignore: run only with `mutate --envelope`, never counted in sensitivity. */
    readonly envelope: boolean
  }>
  readonly variants: ReadonlyArray<{
    readonly name: string
    readonly kind: 'variant'
    readonly description: string
    /** The fields of each endpoint's success it changes ({@link VARIANT_FIELDS}). */
    readonly changes: Partial<Readonly<Record<EndpointName, readonly string[]>>>
  }>
}

/**
 * The list, made once.
 *
 * @example
 * MUTATION_LIST.mutations.filter((mutation) => mutation.endpoint === 'overview').length
 */
export const MUTATION_LIST: MutationList = Object.freeze({
  mutations: MUTATIONS.map(({ id, kind, endpoint, path, envelope }) => ({ id, kind, endpoint, path, envelope })),
  variants: builtinScenarios.flatMap((scenario) =>
    scenario.name.startsWith(VARIANT_PREFIX)
      ? [
          {
            name: scenario.name,
            kind: 'variant' as const,
            description: scenario.description,
            changes: VARIANT_FIELDS[scenario.name.slice(VARIANT_PREFIX.length) as VariantName],
          },
        ]
      : [],
  ),
})
