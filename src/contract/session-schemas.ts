import { z } from 'zod'
import { LIMITS, tooLong } from '../vocabulary/limits.js'
import { startInstantSchema } from './start-instant-schema.js'
import { scenarioItemSchema } from './scenario-schema.js'
import { wholeOptionRule } from '../vocabulary/whole-option.js'
import { OPTIONS } from '../vocabulary/options.js'

/**
 * Text a person reads as it is: no C0 or C1 control character (ESC, newline, tab included), no
 * bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), and no lone surrogate.
 */
// oxlint-disable-next-line no-control-regex -- control characters are what it refuses
const SHOWABLE_TEXT = /^(?:[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/

/**
 * Why a label was refused.
 *
 * @example
 * ({ field: 'label', message: SHOWABLE_TEXT_MESSAGE })
 */
export const SHOWABLE_TEXT_MESSAGE =
  'must be text as it is shown: no control character (escape, newline, tab), no bidirectional override or isolate, no lone surrogate'

/**
 * `POST /__sandbox/sessions`: what a session starts with; every field optional (the process's seed
 * and start clock, no scenario, no label).
 */
export const sessionBodySchema = z
  .strictObject({
    seed: z
      .int({ error: wholeOptionRule('seed') })
      .min(OPTIONS.seed.min, wholeOptionRule('seed'))
      .max(OPTIONS.seed.max, wholeOptionRule('seed'))
      .optional()
      .describe("Seed of every generated value (default: the process's)"),
    now: startInstantSchema.optional().describe("Sets and freezes the session's clock there (default: the process's start clock)"),
    scenarios: z
      .array(scenarioItemSchema)
      .max(64)
      .optional()
      .describe('Scenarios in force from the start (and after its reset): names or definitions'),
    label: z
      .string()
      .max(LIMITS.textChars, tooLong(LIMITS.textChars))
      // Shown in terminals (the request log, reports) and the dashboard: no escape sequence, no
      // control character, no bidirectional override that reorders what follows, no lone surrogate.
      .regex(SHOWABLE_TEXT, SHOWABLE_TEXT_MESSAGE)
      .optional()
      .describe('A name to tell it apart (shown in the list and the dashboard)'),
    strict: z.boolean().optional().describe("Strict mode for this session (default: the process's)"),
    mutation: z
      .string()
      .max(LIMITS.textChars, tooLong(LIMITS.textChars))
      .nullable()
      .optional()
      .describe(
        "A mutation id (every success of its endpoint answered with that field dropped or retyped) or a variant's name, as `mutate` runs a suite (default: the process's, from ANALYTICS_SANDBOX_MUTATION, or the parent session's); null: none, whatever the process or the parent runs under",
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
    refused_url: z.string().describe('An API base where nothing listens: a client there meets a refused connection'),
    silent_url: z
      .string()
      .describe(
        'An API base that accepts the connection and never answers: a client there needs its own time-out; ending the session closes it',
      ),
    created_at: z.string().describe('Real time, ISO 8601 UTC'),
    last_used_at: z.string().describe('Real time of its last request (the TTL counts from it)'),
    requests: z.int().min(0).describe('Requests made under it'),
  })
  .meta({ id: 'Session', description: 'A session' })

/** Input of `createSession()`. */
export type SessionInput = z.input<typeof sessionBodySchema>
/** A session as the admin API shows it. */
export type SessionView = z.output<typeof sessionViewSchema>
