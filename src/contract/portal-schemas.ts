import { z } from 'zod'
import { startInstantSchema } from './start-instant-schema.js'
import { apiKeyRecordSchema, projectRecordSchema, userRecordSchema } from './fixtures-schema.js'
import { projectSchema } from './resource-schemas.js'
import { CLOCK_ADVANCE_MESSAGE, ISO_DURATION_PATTERN } from '../vocabulary/iso-duration.js'

/** Most projects one `POST /__sandbox/accounts` makes. */
export const MAX_ACCOUNT_PROJECTS = 50

const { key, name, level, expiry } = apiKeyRecordSchema.shape
const id = userRecordSchema.shape.id

/** Project fields a body may give (every one optional: the rest is made up from the seed). */
export const projectFieldsSchema = projectRecordSchema
  .partial()
  .meta({ id: 'ProjectFields', description: 'Project fields plus topics, providers and data_regions; the rest is made up from the seed' })

/** A project of a new account: its fields but the owner, which is the account (and the id, which is made). */
const accountProjectSchema = projectFieldsSchema.meta({
  description: 'Project fields of a new account: the owner is the account, so no user_id',
  not: { required: ['user_id'] },
})

/** `POST /__sandbox/accounts`: how many projects to make (default 1), or their fields. */
export const accountBodySchema = z
  .strictObject({
    name: userRecordSchema.shape.name.optional().describe("The account's name (default: Account <id>)"),
    projects: z
      .union([z.int().min(0).max(MAX_ACCOUNT_PROJECTS), z.array(accountProjectSchema).max(MAX_ACCOUNT_PROJECTS)], {
        error: `must be how many projects to make (0 to ${MAX_ACCOUNT_PROJECTS}) or a list of their fields`,
      })
      .optional()
      .describe(`How many projects to make (0-${MAX_ACCOUNT_PROJECTS}, default 1), or the fields of each`),
  })
  .meta({ id: 'AccountBody', description: 'A new account: a user with a USER key, its projects and one PROJECT key each' })

/** `POST /__sandbox/projects`: the owner, and any project field. */
export const projectBodySchema = projectFieldsSchema
  .extend({ user_id: id })
  .meta({ id: 'ProjectBody', description: 'A new project of user_id; fields not given are made up from the seed' })

/** `PATCH /__sandbox/projects/{id}`: the fields to change (not the id or the owner). */
export const projectPatchSchema = projectRecordSchema
  .omit({ id: true, user_id: true })
  // No default here: a change that does not name the status leaves it as it is.
  .extend({ status: projectRecordSchema.shape.status.unwrap() })
  .partial()
  .meta({ id: 'ProjectPatch', description: 'Project fields to change' })

/** `POST /__sandbox/keys`. */
export const keyBodySchema = z
  .strictObject({
    level,
    user_id: id.optional().describe('The owner: required for a USER key; for a PROJECT key, the project’s owner if given'),
    project_id: id.nullable().optional().describe('Required for a PROJECT key; not given (or null) for a USER key'),
    key: key.optional().describe('The key text (default: made up from the seed)'),
    name: name.optional(),
    expiry: expiry.optional().describe("Default: one year after the clock's now"),
  })
  .meta({
    id: 'KeyBody',
    description: 'A new API key',
    // USER implies user_id and no project_id; PROJECT implies a project_id (each as not-it or its consequence).
    allOf: [
      { anyOf: [{ properties: { level: { const: 'PROJECT' } } }, { required: ['user_id'], properties: { project_id: { type: 'null' } } }] },
      {
        anyOf: [
          { properties: { level: { const: 'USER' } } },
          { required: ['project_id'], properties: { project_id: { type: 'integer' } } },
        ],
      },
    ],
  })

/** `PATCH /__sandbox/keys/{key}`. */
export const keyPatchSchema = z
  .strictObject({
    expiry: expiry.optional(),
    name: name.optional(),
    revoked: z.boolean().optional().describe('true revokes the key; revoking is final'),
  })
  .meta({ id: 'KeyPatch', description: 'A change of expiry or name, or a revocation' })

/** `PUT /__sandbox/clock` with `now`: set (and freeze), or (null) back to the start clock. */
export const clockSetSchema = z
  .strictObject({
    now: startInstantSchema
      .nullable()
      .describe('Sets and freezes the clock (a date is its first instant, UTC); null: back to the start clock'),
  })
  .meta({ id: 'ClockSet', description: 'Sets and freezes the clock, or (null) goes back to the start clock' })

/** `PUT /__sandbox/clock` with `advance`: move on. */
export const clockAdvanceSchema = z
  .strictObject({
    advance: z
      .string()
      .regex(ISO_DURATION_PATTERN, CLOCK_ADVANCE_MESSAGE)
      .describe('An ISO 8601 duration of weeks, days, hours, minutes, seconds: P30D, PT2H, P1DT12H; at most 1000 years, never past 9999'),
  })
  .meta({ id: 'ClockAdvance', description: 'Moves the clock on' })

/** `PUT /__sandbox/clock`: set (and freeze), move on, or back to the start: one of the two, not both. */
export const clockBodySchema = z
  .union([clockSetSchema, clockAdvanceSchema])
  .meta({ id: 'ClockBody', description: 'Give now or advance, not both' })

/** A key's state at the clock's now. */
export const keyStateSchema = z.enum(['valid', 'expired', 'revoked'])

/** A key record as the portal lists it. */
export const keyViewSchema = apiKeyRecordSchema
  .extend({ state: keyStateSchema })
  .meta({ id: 'KeyRecord', description: "A key record with its state at the clock's now" })

/** The clock. */
export const clockViewSchema = z
  .strictObject({
    now: z.string().describe('ISO 8601 date-time, UTC'),
    today: z.string().describe('YYYY-MM-DD'),
    frozen: z.boolean().describe('Whether the clock stands still'),
  })
  .meta({ id: 'Clock', description: "The sandbox's clock" })

/** What `POST /__sandbox/accounts` answers. */
export const accountViewSchema = z
  .strictObject({
    user_id: id,
    user_key: z.string(),
    projects: z.array(projectSchema),
    project_keys: z.record(z.string(), z.string()).describe('Project id → its PROJECT key'),
  })
  .meta({ id: 'Account', description: 'A new account' })

/** A project record as the portal shows it: the Project fields plus the analytics configuration. */
export const projectViewSchema = projectRecordSchema.meta({ id: 'ProjectRecord', description: 'A project record' })

/** Input of `accounts.create()`. */
export type AccountInput = z.input<typeof accountBodySchema>
/** Input of `projects.create()`. */
export type ProjectInput = z.input<typeof projectBodySchema>
/** Input of `projects.update()`. */
export type ProjectPatch = z.input<typeof projectPatchSchema>
/** Input of `keys.create()`. */
export type KeyInput = z.input<typeof keyBodySchema>
/** Input of `keys.update()`. */
export type KeyPatch = z.input<typeof keyPatchSchema>
/** Input of the clock's `PUT`. */
export type ClockInput = z.input<typeof clockBodySchema>
/** A key's state. */
export type KeyState = z.output<typeof keyStateSchema>
/**
 * A key record with its state, as `GET /__sandbox/keys` and `keys.list()` give it.
 *
 * @example
 * const [first]: KeyRecord[] = await sandbox.keys.list()
 */
export type KeyRecord = z.output<typeof keyViewSchema>
/** The clock, as `GET /__sandbox/clock` and `clock.get()` give it. */
export type ClockView = z.output<typeof clockViewSchema>
/** A new account. */
export type AccountView = z.output<typeof accountViewSchema>
/** A project record. */
export type ProjectRecord = z.output<typeof projectViewSchema>
