import { z } from 'zod'
import { LIMITS, tooLong } from '../vocabulary/limits.js'
import { startInstantSchema } from './start-instant-schema.js'

/**
 * `POST /__sandbox/sessions`: what a session starts with; every field optional (the process's seed
 * and start clock, no scenario, no label).
 */
export const sessionBodySchema = z
  .strictObject({
    seed: z
      .int({ error: 'must be a whole number from 0 to 4294967295' })
      .min(0, 'must be a whole number from 0 to 4294967295')
      .max(0xffffffff, 'must be a whole number from 0 to 4294967295')
      .optional()
      .describe("Seed of every generated value (default: the process's)"),
    now: startInstantSchema.optional().describe("Sets and freezes the session's clock there (default: the process's start clock)"),
    scenarios: z
      .array(z.union([z.string(), z.record(z.string(), z.unknown())]))
      .max(64)
      .optional()
      .describe('Scenarios in force from the start (and after its reset): names or definitions'),
    label: z
      .string()
      .max(LIMITS.textChars, tooLong(LIMITS.textChars))
      .optional()
      .describe('A name to tell it apart (shown in the list and the dashboard)'),
    strict: z.boolean().optional().describe("Strict mode for this session (default: the process's)"),
    mutation: z
      .string()
      .max(LIMITS.textChars, tooLong(LIMITS.textChars))
      .optional()
      .describe(
        "A mutation id (every success of its endpoint answered with that field dropped or retyped) or a variant's name, as `mutate` runs a suite (default: the process's, from ANALYTICS_SANDBOX_MUTATION)",
      ),
  })
  .meta({ id: 'SessionBody', description: 'A new session: a whole sandbox of its own, at its own base URL' })

/** A session as the list and the creation show it. */
export const sessionViewSchema = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]+$/),
    label: z.string().nullable(),
    base_url: z.string().describe('The API of the session: http://<host>:<port>/sessions/<id>/api/v1/'),
    admin_url: z.string().describe('Its admin API: …/sessions/<id>/__sandbox/'),
    created_at: z.string().describe('Real time, ISO 8601 UTC'),
    last_used_at: z.string().describe('Real time of its last request (the TTL counts from it)'),
    requests: z.int().min(0).describe('Requests made under it'),
  })
  .meta({ id: 'Session', description: 'A session' })

/** Input of `createSession()`. */
export type SessionInput = z.input<typeof sessionBodySchema>
/** A session as the admin API shows it. */
export type SessionView = z.output<typeof sessionViewSchema>
