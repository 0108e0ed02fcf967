import { ENDPOINT_NAMES, type EndpointName } from './endpoint-rules.js'
import { RESPONSE_FIELD_LIST } from './response-field-list.js'
import type { ResponseField } from './response-fields.js'

/**
 * What a mutation does to a field of every success answer of its endpoint: `drop` leaves it out
 * (a parent object whole), `retype` turns a leaf into another type (a number into a string, a
 * string into a number, a boolean into a string), `null` makes it `null`, `empty` makes a list
 * `[]` and a map `{}`.
 *
 * @example
 * const kind: MutationKind = 'drop'
 */
export type MutationKind = 'drop' | 'retype' | 'null' | 'empty'

/**
 * The envelope's fields a correct client may ignore (the spec: `message` is human text, `code`
 * repeats the HTTP status, a success's `errors` is empty, `meta_data`'s contents are not shown):
 * their mutations are listed apart and run only with `mutate --envelope`. `success` and everything
 * in `data` count.
 *
 * @example
 * ENVELOPE_FIELDS.includes('meta_data') // true
 */
export const ENVELOPE_FIELDS: readonly string[] = ['message', 'code', 'errors', 'meta_data']

/** Whether a field's path is an envelope field a client may ignore, or inside one. */
const inEnvelope = (path: string) => ENVELOPE_FIELDS.some((field) => path === field || path.startsWith(`${field}.`))

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
  /** Whether it changes an envelope field a correct client may ignore ({@link ENVELOPE_FIELDS}). */
  readonly envelope: boolean
}

/**
 * Whether a field that is no leaf is a list or a map (`empty` applies), not an object of named
 * fields: a list has items (`path[]…`), a map is one field with no documented fields below it.
 */
function isListOrMap(fields: readonly ResponseField[], path: string): boolean {
  return !fields.some((field) => field.path.startsWith(`${path}.`))
}

/**
 * Every mutation, derived from the contract's response schemas (never listed by hand): for every
 * endpoint and every documented field of its success answer, a `drop` and a `null`, for every leaf
 * a `retype`, and for every list and map an `empty`; in the endpoints' order, field by field as
 * the schema has them.
 *
 * @example
 * MUTATIONS[0].id // 'drop:validate:success'
 */
export const MUTATIONS: readonly Mutation[] = ENDPOINT_NAMES.flatMap((endpoint) => {
  const fields = RESPONSE_FIELD_LIST[endpoint]
  return fields.flatMap(({ path, leaf }) => {
    const envelope = inEnvelope(path)
    const of = (kind: MutationKind): Mutation => ({ id: `${kind}:${endpoint}:${path}`, kind, endpoint, path, leaf, envelope })
    const kinds: MutationKind[] = [
      'drop',
      leaf === null ? undefined : 'retype',
      'null',
      leaf === null && isListOrMap(fields, path) ? 'empty' : undefined,
    ].filter((kind): kind is MutationKind => kind !== undefined)
    return kinds.map(of)
  })
})

/**
 * The mutations by id.
 *
 * @example
 * MUTATION_BY_ID.has('drop:overview:data.sentiment_analysis.neutral') // true
 */
export const MUTATION_BY_ID: ReadonlyMap<string, Mutation> = new Map(MUTATIONS.map((mutation) => [mutation.id, mutation]))

/** The environment variable every sandbox made in a process reads its mutation (or variant) from. */
export const MUTATION_ENV = 'ANALYTICS_SANDBOX_MUTATION'
