import type { Mutation } from '../vocabulary/mutations.js'
import type { Answer } from './answer.js'
import { textAnswer } from './answer.js'

/** An answer as an endpoint gives it: with the count of dates, for the client report. */
type EndpointAnswer = Answer & { readonly dates?: number }

const decoder = new TextDecoder()

/** Each answer's mutated forms by mutation id: made once per answer (answers are shared), never per request. */
const mutated = new WeakMap<Answer, Map<string, EndpointAnswer>>()

/** `value` of a leaf in another type: a number as a string, a string as a number, a boolean (or null) as a string. */
function retyped(value: unknown): unknown {
  if (typeof value === 'string') {
    const number = Number(value)
    return value.trim() !== '' && Number.isFinite(number) ? number : value.length
  }
  return String(value)
}

/** Applies `change` to the field at `segments[at…]` below `value`, through every item of a list (`name[]`). */
function change(value: unknown, segments: readonly string[], at: number, mutation: Mutation): void {
  if (value === null || typeof value !== 'object') return
  const segment = segments[at]!
  const list = segment.endsWith('[]')
  const name = list ? segment.slice(0, -2) : segment
  const target = value as Record<string, unknown>
  if (!Object.hasOwn(target, name)) return
  if (at === segments.length - 1) {
    if (mutation.kind === 'drop') delete target[name]
    else if (mutation.kind === 'null') target[name] = null
    else if (mutation.kind === 'empty') target[name] = Array.isArray(target[name]) ? [] : {}
    else target[name] = retyped(target[name])
    return
  }
  const inner = target[name]
  if (!list) return change(inner, segments, at + 1, mutation)
  if (Array.isArray(inner)) for (const item of inner) change(item, segments, at + 1, mutation)
}

/**
 * `answer` with `mutation` applied to its body: the field dropped or its leaf retyped, wherever the
 * path reaches (every item of a list). Made once per answer and mutation, then the same object.
 *
 * @example
 * mutateAnswer(answer, MUTATION_BY_ID.get('drop:projects:data.total')!) // no data.total
 */
export function mutateAnswer(answer: EndpointAnswer, mutation: Mutation): EndpointAnswer {
  let forms = mutated.get(answer)
  if (forms === undefined) mutated.set(answer, (forms = new Map()))
  const kept = forms.get(mutation.id)
  if (kept !== undefined) return kept
  const body = JSON.parse(decoder.decode(answer.body)) as unknown
  change(body, mutation.path.split('.'), 0, mutation)
  const { 'content-length': _length, ...headers } = answer.headers
  const made: EndpointAnswer = { ...textAnswer(answer.status, headers, JSON.stringify(body)), dates: answer.dates }
  forms.set(mutation.id, made)
  return made
}
