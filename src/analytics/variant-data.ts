import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { hasVariant, type VariantSet } from '../vocabulary/variants.js'

/** `variant-extra-fields`' field on every object inside `data`: a name no document uses. */
export const EXTRA_FIELD = 'sandbox_note'
export const EXTRA_FIELD_VALUE = 'a field no document names (variant-extra-fields)'

/** Maps keyed by topic or provider name: a new key there would read as a topic or a provider. */
const NAME_MAPS: ReadonlySet<string> = new Set(['brands_by_topics', 'brands_by_providers'])

/** `variant-trend`: overview's `visibility_score.trend` for these projects. */
export const VARIANT_TRENDS: Readonly<Record<number, string>> = { 101: 'volatile', 102: 'unknown' }

/** `variant-sparse`: the project whose overview has no brands by provider. */
export const SPARSE_PROVIDERS_PROJECT = 102

type Json = null | boolean | number | string | Json[] | { [name: string]: Json }

/** A copy of `value` with {@link EXTRA_FIELD} on every object but the maps keyed by name. */
function withExtraFields(value: Json): Json {
  if (Array.isArray(value)) return value.map(withExtraFields)
  if (value === null || typeof value !== 'object') return value
  const copy: { [name: string]: Json } = {}
  for (const [name, inner] of Object.entries(value)) copy[name] = NAME_MAPS.has(name) ? inner : withExtraFields(inner)
  copy[EXTRA_FIELD] = EXTRA_FIELD_VALUE
  return copy
}

/**
 * `data` of a success of `endpoint` for `projectId` as `variants` show it, beyond what the
 * project's record and series already show: `trend`'s words, `sparse`'s empty brands by provider,
 * `extra-fields`' field on every object (applied last, so it reaches what the others made). A
 * copy where anything changes; `data` itself is never changed (it may be cached).
 *
 * @example
 * variantData('overview', data, 101, VARIANT_BITS.trend).visibility_score.trend // 'volatile'
 */
export function variantData<Data>(endpoint: EndpointName, data: Data, projectId: number | undefined, variants: VariantSet): Data {
  let shown = data as Json
  if (endpoint === 'overview' && projectId !== undefined) {
    const overview = shown as { visibility_score: { [name: string]: Json }; brands_by_providers: Json }
    const trend = hasVariant(variants, 'trend') ? VARIANT_TRENDS[projectId] : undefined
    if (trend !== undefined) shown = { ...overview, visibility_score: { ...overview.visibility_score, trend } }
    if (hasVariant(variants, 'sparse') && projectId === SPARSE_PROVIDERS_PROJECT) shown = { ...(shown as object), brands_by_providers: {} }
  }
  if (hasVariant(variants, 'extra-fields')) shown = withExtraFields(shown)
  return shown as Data
}
