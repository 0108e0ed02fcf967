import { ENDPOINT_NAMES, type EndpointName } from './endpoint-names.js'
import { RESPONSE_FIELD_LIST } from './response-field-list.js'
import type { ResponseField } from './response-fields.js'

/**
 * What a mutation does to a field of every success answer of its endpoint: `drop` leaves it out
 * (a parent object whole), `retype` turns a leaf into another type (a number into a string, a
 * string into a number, a boolean into a string).
 *
 * @example
 * const kind: MutationKind = 'drop'
 */
export type MutationKind = 'drop' | 'retype'

/**
 * One change that breaks the contract, applied to every success answer of `endpoint`: its id is
 * `<kind>:<endpoint>:<path>`, such as `drop:monitoring:data.visibility_score.history`.
 *
 * @example
 * MUTATION_BY_ID.get('retype:projects:data.total')?.leaf // 'number'
 */
export interface Mutation {
  readonly id: string
  readonly kind: MutationKind
  readonly endpoint: EndpointName
  readonly path: string
  readonly leaf: ResponseField['leaf']
}

/**
 * Every mutation, derived from the contract's response schemas (never listed by hand): for every
 * endpoint and every documented field of its success answer, a `drop`, and for every leaf a
 * `retype`; in the endpoints' order, field by field as the schema has them.
 *
 * @example
 * MUTATIONS[0].id // 'drop:validate:success'
 */
export const MUTATIONS: readonly Mutation[] = ENDPOINT_NAMES.flatMap((endpoint) =>
  RESPONSE_FIELD_LIST[endpoint].flatMap(({ path, leaf }) => {
    const drop: Mutation = { id: `drop:${endpoint}:${path}`, kind: 'drop', endpoint, path, leaf }
    return leaf === null ? [drop] : [drop, { id: `retype:${endpoint}:${path}`, kind: 'retype', endpoint, path, leaf }]
  }),
)

/**
 * The mutations by id.
 *
 * @example
 * MUTATION_BY_ID.has('drop:overview:data.sentiment_analysis.neutral') // true
 */
export const MUTATION_BY_ID: ReadonlyMap<string, Mutation> = new Map(MUTATIONS.map((mutation) => [mutation.id, mutation]))

/** The environment variable every sandbox made in a process reads its mutation (or variant) from. */
export const MUTATION_ENV = 'ANALYTICS_SANDBOX_MUTATION'
