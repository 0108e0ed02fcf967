import type { Project } from '../contract/fixtures-schema.js'
import { hashString, mixHash, unitInterval } from '../vocabulary/hash.js'
import type { Provider } from '../vocabulary/providers.js'

/** Topic or provider name → brand names. */
export type BrandMap = Record<string, string[]>

/** Share of a project's brands that a provider mentions (the project's own brand always is). */
const MENTION_SHARE = 0.75

/**
 * Brand maps already made, per project record (a changed project is a new record, so nothing goes
 * stale, and a deleted one takes its maps with it): every /monitoring and /overview answer that is
 * not served from the answer cache needs them, and they depend on nothing else. Callers only read them.
 */
const byTopics = new WeakMap<Project, BrandMap>()
const byProviders = new WeakMap<Project, Map<string, BrandMap>>()

/**
 * The project's topics and the brands tracked in each, in fixture order (made once per project).
 *
 * @example
 * brandsByTopics(project) // { 'hiking boots': ['Northwind', 'Summit Gear', 'TrailCo'], … }
 */
export function brandsByTopics(project: Project): BrandMap {
  let map = byTopics.get(project)
  if (map === undefined) {
    map = {}
    for (const topic of project.topics) map[topic.name] = [...topic.brands]
    byTopics.set(project, map)
  }
  return map
}

/**
 * For each of `providers`, the project's brands that provider mentions: a fixed, seeded subset
 * that always holds the project's own brand (the first brand of its first topic). Made once per
 * project, seed and providers.
 *
 * @example
 * brandsByProviders(project, 42, ['chatgpt']) // { chatgpt: ['Northwind', 'TrailCo', …] }
 */
export function brandsByProviders(project: Project, seed: number, providers: readonly Provider[]): BrandMap {
  let kept = byProviders.get(project)
  if (kept === undefined) byProviders.set(project, (kept = new Map()))
  const key = `${seed}|${providers.join(',')}`
  let map = kept.get(key)
  if (map === undefined) kept.set(key, (map = mentionsByProvider(project, seed, providers)))
  return map
}

function mentionsByProvider(project: Project, seed: number, providers: readonly Provider[]): BrandMap {
  const brands = [...new Set(project.topics.flatMap((topic) => topic.brands))]
  const own = brands[0]
  const map: BrandMap = {}
  for (const provider of providers) {
    const base = mixHash(mixHash(mixHash(0xb4a2d, seed), project.id), hashString(provider))
    map[provider] = brands.filter((brand) => brand === own || unitInterval(mixHash(base, hashString(brand))) < MENTION_SHARE)
  }
  return map
}
