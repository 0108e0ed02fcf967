import { z } from 'zod'
import { PROVIDERS } from '../vocabulary/providers.js'
import { REGIONS } from '../vocabulary/regions.js'
import { LIMITS, SAFE_KEY_MESSAGE, SAFE_KEY_PATTERN, tooLong, tooMany } from '../vocabulary/limits.js'

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const isoDateTime = z.iso.datetime({ offset: false, message: 'must be an ISO 8601 UTC date-time such as 2099-12-31T23:59:59Z' })
/** An array whose items are all different (`key` tells what makes two items the same). */
function distinct<T extends z.ZodType>(item: T, what: string, key?: (value: z.output<T>) => unknown) {
  // uniqueItems tells the OpenAPI documents what the refinement enforces where items are compared whole.
  const array = z.array(item)
  return (key === undefined ? array.meta({ uniqueItems: true }) : array).superRefine((values, context) => {
    const seen = new Set<unknown>()
    values.forEach((value, index) => {
      const identity = key === undefined ? value : key(value)
      if (seen.has(identity)) context.addIssue({ code: 'custom', path: [index], message: `duplicate ${what}` })
      seen.add(identity)
    })
  })
}

/** A text of a record: one character at least, at most `chars`. */
const text = (chars: number = LIMITS.textChars) => z.string().min(1).max(chars, tooLong(chars))

// An enum, so the OpenAPI documents list the codes the server takes; the message does not repeat all 249.
const regionCode = z.enum(REGIONS as [string, ...string[]], { error: 'must be an ISO 3166-1 alpha-2 code in upper case, such as US' })

/** A user account: it owns projects and USER-level keys. */
export const userRecordSchema = z.strictObject({
  id,
  name: text(),
})

/** An API key, as the portal would store it. */
export const apiKeyRecordSchema = z.strictObject({
  // What stays the same in a URL path, a shell word and a header: such a key can be revoked and pasted.
  key: z.string().regex(SAFE_KEY_PATTERN, SAFE_KEY_MESSAGE),
  name: text(),
  level: z.enum(['USER', 'PROJECT']),
  user_id: id,
  project_id: id.nullable(),
  expiry: isoDateTime,
  revoked: z.boolean().default(false),
})

/** A topic tracked by a project, with the brands looked for in answers about it (own brand first). */
export const topicSchema = z.strictObject({
  name: text(LIMITS.brandChars),
  brands: z.array(text(LIMITS.brandChars)).min(1).max(LIMITS.brands, tooMany(LIMITS.brands, 'brands')),
})

/**
 * A project: the API's Project fields, plus the analytics configuration the sandbox needs
 * (`providers`, `data_regions`, `topics`), which the API never shows directly.
 */
export const projectRecordSchema = z.strictObject({
  id,
  user_id: id,
  name: text(),
  display_name: text(),
  domain: text(),
  region: regionCode,
  language: z.string().regex(/^[a-z]{2}$/, 'must be a lower-case ISO 639-1 code such as en'),
  status: text().default('active'),
  created_at: isoDateTime,
  providers: distinct(z.enum(PROVIDERS), 'provider').min(1).max(PROVIDERS.length),
  data_regions: distinct(regionCode, 'region')
    .min(1)
    .max(REGIONS.length)
    .describe("Regions the project's data comes from: they must include its region (given without a region, the first is its region)"),
  topics: distinct(topicSchema, 'topic name', (topic) => topic.name)
    .min(1)
    .max(LIMITS.topics, tooMany(LIMITS.topics, 'topics'))
    .describe('Topics with different names'),
})

/** Every record of a sandbox: the shape of `fixtures/default.json` and of `--fixtures` files. */
export const fixturesSchema = z
  .strictObject({
    users: z.array(userRecordSchema),
    api_keys: z.array(apiKeyRecordSchema),
    projects: z.array(projectRecordSchema),
  })
  .superRefine((fixtures, context) => {
    const users = new Set<number>()
    fixtures.users.forEach((user, index) => {
      if (users.has(user.id)) context.addIssue({ code: 'custom', path: ['users', index, 'id'], message: `duplicate user id ${user.id}` })
      users.add(user.id)
    })
    const owners = new Map<number, number>()
    fixtures.projects.forEach((project, index) => {
      const at = (field: string) => ['projects', index, field]
      if (owners.has(project.id)) context.addIssue({ code: 'custom', path: at('id'), message: `duplicate project id ${project.id}` })
      if (!users.has(project.user_id))
        context.addIssue({ code: 'custom', path: at('user_id'), message: `user ${project.user_id} does not exist` })
      if (!project.data_regions.includes(project.region)) {
        context.addIssue({ code: 'custom', path: at('data_regions'), message: `must include the project's own region ${project.region}` })
      }
      owners.set(project.id, project.user_id)
    })
    const keys = new Set<string>()
    fixtures.api_keys.forEach((apiKey, index) => {
      const at = (field: string) => ['api_keys', index, field]
      if (keys.has(apiKey.key)) context.addIssue({ code: 'custom', path: at('key'), message: 'duplicate key' })
      keys.add(apiKey.key)
      if (!users.has(apiKey.user_id))
        context.addIssue({ code: 'custom', path: at('user_id'), message: `user ${apiKey.user_id} does not exist` })
      if (apiKey.level === 'USER' && apiKey.project_id !== null) {
        context.addIssue({ code: 'custom', path: at('project_id'), message: 'must be null for a USER-level key' })
      }
      if (apiKey.level === 'PROJECT' && apiKey.project_id === null) {
        context.addIssue({ code: 'custom', path: at('project_id'), message: 'is required for a PROJECT-level key' })
      }
      if (apiKey.project_id !== null && owners.get(apiKey.project_id) !== apiKey.user_id) {
        context.addIssue({
          code: 'custom',
          path: at('project_id'),
          message: `project ${apiKey.project_id} does not exist or is not owned by user ${apiKey.user_id}`,
        })
      }
    })
  })

/** A user record. */
export type User = z.output<typeof userRecordSchema>
/** An API key record. */
export type ApiKey = z.output<typeof apiKeyRecordSchema>
/** A project record, with its analytics configuration. */
export type Project = z.output<typeof projectRecordSchema>
/** A tracked topic. */
export type Topic = z.output<typeof topicSchema>
/**
 * Validated fixtures, with defaults applied.
 *
 * @example
 * const fixtures: Fixtures = parseFixtures(JSON.parse(text), 'my-data.json')
 */
export type Fixtures = z.output<typeof fixturesSchema>
/**
 * Fixtures as written in a file (defaults such as `revoked` and `status` may be left out): every
 * record, or records added to a base with `extends` (`"default"`, or in a file the CLI reads, the
 * path of another fixtures file).
 *
 * @example
 * const fixtures: FixturesInput = { users: [{ id: 1, name: 'Me' }], api_keys: [], projects: [] }
 * const more: FixturesInput = { extends: 'default', users: [{ id: 9, name: 'Mine' }] }
 * createSandbox({ fixtures: more })
 */
export type FixturesInput = FixturesRecordsInput | ExtendingFixturesInput

/** Every record of a sandbox, as written in a file. */
export type FixturesRecordsInput = z.input<typeof fixturesSchema>

/** Records added to a base (`extends`): the documented data, or another file. */
export interface ExtendingFixturesInput extends Partial<z.input<typeof fixturesSchema>> {
  readonly extends: 'default' | (string & {})
}
