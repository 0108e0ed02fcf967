import type { EndpointName } from './endpoint-rules.js'

/**
 * The variants the sandbox can answer with, as a rule's `variant` names them (the built-in
 * scenario is `variant-<name>`): answers the real API may give where the spec leaves room.
 *
 * @example
 * VARIANT_NAMES.includes('trend') // true
 */
export const VARIANT_NAMES = ['extra-fields', 'project-status', 'trend', 'sparse', 'unicode', 'large'] as const

/**
 * A variant's name.
 *
 * @example
 * const name: VariantName = 'sparse'
 */
export type VariantName = (typeof VARIANT_NAMES)[number]

/** The built-in scenarios' names start with this; a rule's `variant` is the rest. */
export const VARIANT_PREFIX = 'variant-'

/**
 * The variants in force for a request, one bit each (in {@link VARIANT_NAMES}' order): 0 for none,
 * so a request without variants compares one number.
 *
 * @example
 * (variants & VARIANT_BITS.trend) !== 0
 */
export type VariantSet = number

/**
 * Each variant's bit in a {@link VariantSet}.
 *
 * @example
 * VARIANT_BITS['extra-fields'] // 1
 */
export const VARIANT_BITS: Readonly<Record<VariantName, number>> = Object.fromEntries(
  VARIANT_NAMES.map((name, index) => [name, 1 << index]),
) as Record<VariantName, number>

/**
 * Whether `variants` holds `name`.
 *
 * @example
 * hasVariant(VARIANT_BITS.large, 'large') // true
 */
export function hasVariant(variants: VariantSet, name: VariantName): boolean {
  return (variants & VARIANT_BITS[name]) !== 0
}

/**
 * The fields of each endpoint's success each variant changes, as paths of the response fields
 * (a path names the field and everything below it): the variants' table, which the answers under
 * them follow (src/analytics/variant-data.ts, src/core/variant-answer.ts). `mutate` judges a
 * variant only where the suite noticed a mutation of one of these fields.
 *
 * @example
 * VARIANT_FIELDS.trend.overview // ['data.visibility_score.trend']
 */
export const VARIANT_FIELDS: Readonly<Record<VariantName, Partial<Readonly<Record<EndpointName, readonly string[]>>>>> = {
  // An unnamed field on every object of data, and meta_data's fields.
  'extra-fields': { validate: ['data'], projects: ['data'], monitoring: ['data'], overview: ['data'] },
  'project-status': { projects: ['data.projects[].status'] },
  trend: { overview: ['data.visibility_score.trend'] },
  // Missing days, topics without brands, providers without brands, scores at 0 and 100.
  sparse: {
    monitoring: ['data.visibility_score', 'data.brands_by_topics', 'data.historical_comparison'],
    overview: ['data.visibility_score', 'data.brands_by_topics', 'data.brands_by_providers', 'data.current_day_stats'],
  },
  unicode: {
    projects: ['data.projects[].name', 'data.projects[].display_name'],
    monitoring: ['data.brands_by_topics'],
    overview: ['data.brands_by_topics', 'data.brands_by_providers'],
  },
  large: { projects: ['data.projects', 'data.total'], monitoring: ['data.brands_by_topics'], overview: ['data.brands_by_topics'] },
}

/**
 * The endpoints whose successes each variant changes: a success of another endpoint under it is no
 * meeting of the variant (the client report counts it as the plain success).
 *
 * @example
 * VARIANT_ENDPOINTS.trend // ['overview']
 */
export const VARIANT_ENDPOINTS: Readonly<Record<VariantName, readonly EndpointName[]>> = Object.fromEntries(
  VARIANT_NAMES.map((name) => [name, Object.keys(VARIANT_FIELDS[name]) as EndpointName[]]),
) as unknown as Record<VariantName, readonly EndpointName[]>

/**
 * Whether `variant` changes the field `path` of `endpoint`'s success (the field, or one above or below it).
 *
 * @example
 * variantChanges('trend', 'overview', 'data.visibility_score.trend') // true
 */
export function variantChanges(variant: VariantName, endpoint: EndpointName, path: string): boolean {
  return (VARIANT_FIELDS[variant][endpoint] ?? []).some(
    (field) =>
      path === field ||
      path.startsWith(`${field}.`) ||
      path.startsWith(`${field}[]`) ||
      field.startsWith(`${path}.`) ||
      field.startsWith(`${path}[]`),
  )
}

/**
 * The variants of `variants` that change a success of `endpoint`.
 *
 * @example
 * variantsShownBy('projects', VARIANT_BITS.trend) // 0
 */
export function variantsShownBy(endpoint: EndpointName, variants: VariantSet): VariantSet {
  let shown = 0
  for (const name of VARIANT_NAMES)
    if (hasVariant(variants, name) && VARIANT_ENDPOINTS[name].includes(endpoint)) shown |= VARIANT_BITS[name]
  return shown
}

/** Projects `variant-large` lists for `sbx_user_alpha` at least (its own three and generated ones). */
export const LARGE_PROJECT_COUNT = 2_000

/** The first id of the projects `variant-large` generates; ids go up from it. */
export const LARGE_FIRST_ID = 900_001

/** Topics and brands per topic `variant-large` gives project 101. */
export const LARGE_TOPICS = 50

/** `variant-extra-fields`' `meta_data.api_version`. */
export const VARIANT_API_VERSION = '1.0.0'

/**
 * Each variant's description (the built-in scenario's): what the client gets, quoting the spec's gap.
 *
 * @example
 * VARIANTS.trend.description
 */
export const VARIANTS: Readonly<Record<VariantName, { readonly description: string }>> = {
  'extra-fields': {
    description:
      'meta_data holds request_id (req_<n>, n the request\'s id in the journal) and api_version, and every object inside data carries a field no document names; nothing removed or renamed. The spec\'s gap: meta_data "contents not otherwise shown"; additive change is how a v1 API grows.',
  },
  'project-status': {
    description:
      'Projects 101, 102 and 201 have a status other than active (paused, archived, and "migrating", which no list names); still listed and still served. The spec\'s gap: "only active is seen. Full set of values: not shown".',
  },
  trend: {
    description:
      'Overview\'s visibility_score.trend is "volatile" for project 101 and "unknown" for project 102, words other than up, down and stable. The spec\'s gap: "up is the only value seen. Other values: not shown".',
  },
  sparse: {
    description:
      'Error answers without errors.detail; histories with missing days (period means, current and <n> dates over the days that remain); topics with no brands; brands_by_providers empty for project 102; scores at 0 and at 100. The spec\'s gaps: detail "present in some error responses only"; value ranges "not shown".',
  },
  unicode: {
    description:
      "Project names, display names, topics and brands in scripts other than Latin: accents, CJK, right-to-left, emoji, and characters JSON must escape. The spec's gap: text content not shown.",
  },
  large: {
    description: `sbx_user_alpha lists ${LARGE_PROJECT_COUNT} projects (its three and generated ones, each served); project 101 tracks ${LARGE_TOPICS} topics of ${LARGE_TOPICS} brands. The spec's gap: "Pagination or size limits of the projects list: not shown".`,
  },
}
