import { PROVIDERS } from '../vocabulary/providers.js'
import { REGION_LANGUAGES } from '../vocabulary/region-languages.js'
import type { Fixtures, Project } from '../contract/fixtures-schema.js'

/** The key of the generated account (USER level); each generated project also gets `sbx_project_<id>`. */
export const GENERATED_USER_KEY = 'sbx_user_generated'

/** Generated projects are created in this window (seconds), so each has years of history on any day. */
const CREATED_FROM_S = Date.parse('2021-01-01T00:00:00Z') / 1000
const CREATED_TO_S = Date.parse('2024-06-30T00:00:00Z') / 1000

/**
 * Adds one generated account with `count` projects to `base`, using faker seeded with `seed`, so
 * the same seed always generates the same data. The account's user id follows the highest in `base`;
 * project ids start after the highest in `base` (and after 1000). Faker is loaded only when called.
 *
 * @example
 * const fixtures = await generateFixtures(defaults, { seed: 7, count: 500 })
 * // key sbx_user_generated sees 500 more projects
 */
export async function generateFixtures(base: Fixtures, options: { seed: number; count: number }): Promise<Fixtures> {
  const { faker } = await import('@faker-js/faker/locale/en')
  faker.seed(options.seed)
  const userId = Math.max(0, ...base.users.map((user) => user.id)) + 1
  const firstId = Math.max(1000, ...base.projects.map((project) => project.id)) + 1
  const projects: Project[] = []
  for (let index = 0; index < options.count; index++) {
    const id = firstId + index
    const company = faker.company.name()
    const slug = `${faker.helpers
      .slugify(company)
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '')}-${id}`
    const [region, language] = faker.helpers.arrayElement(REGION_LANGUAGES)
    const others = faker.helpers.arrayElements(
      REGION_LANGUAGES.map(([code]) => code).filter((code) => code !== region),
      { min: 0, max: 2 },
    )
    projects.push({
      id,
      user_id: userId,
      name: slug,
      display_name: company,
      domain: `${slug}.example`,
      region,
      language,
      status: 'active',
      created_at: new Date(faker.number.int({ min: CREATED_FROM_S, max: CREATED_TO_S }) * 1000).toISOString().replace('.000Z', 'Z'),
      providers: faker.helpers.arrayElements(PROVIDERS, { min: 2, max: 6 }),
      data_regions: [region, ...others],
      topics: faker.helpers
        .uniqueArray(() => faker.commerce.department().toLowerCase(), faker.number.int({ min: 2, max: 4 }))
        .map((name) => ({
          name,
          brands: [
            company,
            ...faker.helpers
              .uniqueArray(() => faker.company.name(), faker.number.int({ min: 1, max: 4 }))
              .filter((brand) => brand !== company),
          ],
        })),
    })
  }
  const expiry = '2099-12-31T23:59:59Z'
  return {
    users: [...base.users, { id: userId, name: 'Generated Account' }],
    api_keys: [
      ...base.api_keys,
      { key: GENERATED_USER_KEY, name: 'Generated account key', level: 'USER', user_id: userId, project_id: null, expiry, revoked: false },
      ...projects.map((project) => ({
        key: `sbx_project_${project.id}`,
        name: `Generated project key ${project.id}`,
        level: 'PROJECT' as const,
        user_id: userId,
        project_id: project.id,
        expiry,
        revoked: false,
      })),
    ],
    projects: [...base.projects, ...projects],
  }
}
