import { mixHash } from '../vocabulary/hash.js'
import { PROVIDERS } from '../vocabulary/providers.js'
import { REGION_LANGUAGES } from '../vocabulary/region-languages.js'
import { MS_PER_DAY } from '../vocabulary/calendar-date.js'
import type { Project } from '../contract/fixtures-schema.js'
import { FIRST_INSTANT_MS, formatInstant } from '../vocabulary/format-instant.js'

const WORDS_A = ['Harbor', 'Summit', 'Cedar', 'Lumen', 'Atlas', 'Juniper', 'Copper', 'Meadow', 'Granite', 'Willow', 'Beacon', 'Orbit']
const WORDS_B = ['Outfitters', 'Analytics', 'Goods', 'Labs', 'Studio', 'Supply', 'Works', 'Kitchen', 'Travel', 'Health', 'Books', 'Bikes']
const TOPICS = ['pricing', 'reviews', 'alternatives', 'support', 'integrations', 'sustainability', 'shipping', 'security']
const RIVALS = ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Woodgrove', 'Litware', 'Adatum', 'Proseware']
/** Made-up projects were created this many days before the clock's today, so every default range is full. */
export const MADE_UP_PROJECT_AGE_DAYS = 400

/** `count` different items of `list`, chosen and ordered by `hash`. */
function pick<T>(list: readonly T[], count: number, hash: number): T[] {
  const order = list.map((item, index) => ({ item, rank: mixHash(hash, index) }))
  return order
    .sort((a, b) => a.rank - b.rank)
    .slice(0, count)
    .map((entry) => entry.item)
}

/**
 * A whole project record for `id` and `userId`, every field made up from `seed` and the id (the
 * same on any day and in any process for the same clock), then `given` fields over it. The
 * project was created {@link MADE_UP_PROJECT_AGE_DAYS} days before the day of `nowMs`.
 *
 * @example
 * makeProject(1, 1001, 4, Date.parse('2026-01-15T00:00:00Z'), { status: 'paused' }).domain // 'orbit-books-1001.example'
 */
export function makeProject(seed: number, id: number, userId: number, nowMs: number, given: Partial<Project>): Project {
  const hash = mixHash(mixHash(0x9e01ec7, seed), id)
  const display = `${WORDS_A[hash % WORDS_A.length]} ${WORDS_B[mixHash(hash, 1) % WORDS_B.length]}`
  const slug = `${display.toLowerCase().replace(/ /g, '-')}-${id}`
  const [region, language] = REGION_LANGUAGES[mixHash(hash, 2) % REGION_LANGUAGES.length]!
  // Never before the first day a date can name, however early the clock stands.
  const created = Math.max(FIRST_INSTANT_MS, (Math.floor(nowMs / MS_PER_DAY) - MADE_UP_PROJECT_AGE_DAYS) * MS_PER_DAY)
  return {
    id,
    user_id: userId,
    name: slug,
    display_name: display,
    domain: `${slug}.example`,
    // Given data regions and no region: the project's own is the first of them (it must be among them).
    region: given.data_regions?.[0] ?? region,
    language,
    status: 'active',
    created_at: formatInstant(created),
    providers: pick(PROVIDERS, 3 + (mixHash(hash, 3) % 3), mixHash(hash, 4)),
    data_regions: [given.region ?? given.data_regions?.[0] ?? region],
    topics: pick(TOPICS, 2, mixHash(hash, 5)).map((topic, index) => ({
      name: topic,
      brands: [display, ...pick(RIVALS, 2, mixHash(hash, 6 + index))],
    })),
    ...given,
  }
}
