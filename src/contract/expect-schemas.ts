import { z } from 'zod'
import { ENDPOINT_NAMES } from '../vocabulary/endpoint-rules.js'
import { EXPECTED_PATH } from '../vocabulary/expected-path.js'
import { LIMITS, tooLong } from '../vocabulary/limits.js'

/**
 * Why an expectation's `path` was refused.
 *
 * @example
 * ({ field: 'path', message: EXPECT_PATH_MESSAGE })
 */
export const EXPECT_PATH_MESSAGE = `must be a path of the API: ${ENDPOINT_NAMES.map((name) => `/${name}`).join(', ')} (or /api/v1/…)`

/**
 * Why an expectation's `key` was refused: no request could have sent it.
 *
 * @example
 * ({ field: 'key', message: KEY_TEXT_MESSAGE })
 */
export const KEY_TEXT_MESSAGE = 'must be an API key as a request sends it: printable ASCII, no space or control character'

/** The most an expectation's least gap may be: an hour. */
const MAX_GAP_MS = 3_600_000

/**
 * `POST /__sandbox/expect`: what a test expects of its client's requests to one path, judged
 * against the journal. Every field is checked: an unknown one, a negative count or `min > max` is
 * 400 naming the field.
 *
 * @example
 * expectBodySchema.parse({ path: '/projects', count: { min: 1, max: 3 }, after: { status: 503 }, min_gap: 'retry-after' })
 */
export const expectBodySchema = z
  .strictObject({
    path: z
      .string()
      .max(LIMITS.textChars, tooLong(LIMITS.textChars))
      .regex(EXPECTED_PATH, EXPECT_PATH_MESSAGE)
      .describe('The API path: /projects, projects or /api/v1/projects'),
    key: z
      .string()
      .min(1)
      .max(512, tooLong(512))
      .regex(/^[\x21-\x7e]+$/, KEY_TEXT_MESSAGE)
      .optional()
      .describe('Only requests that sent this key, whole'),
    count: z
      .strictObject({
        min: z.int().min(0).max(LIMITS.journalEntries).optional().describe('At least this many requests'),
        max: z.int().min(0).max(LIMITS.journalEntries).optional().describe('At most this many requests'),
      })
      .refine((count) => count.min === undefined || count.max === undefined || count.min <= count.max, {
        message: 'min must not be more than max',
        path: ['min'],
      })
      .optional()
      .describe('How many requests (after `after`, where given)'),
    after: z
      .strictObject({ status: z.int().min(100).max(599).describe('The status of the request they follow') })
      .optional()
      .describe('Count only the requests after the first one answered this status'),
    min_gap_ms: z.int().min(0).max(MAX_GAP_MS).optional().describe('Each request at least this many ms after the one before'),
    min_gap: z.literal('retry-after').optional().describe('Each request no earlier than the Retry-After of the one before'),
  })
  .refine((body) => body.min_gap_ms === undefined || body.min_gap === undefined, {
    message: 'give min_gap_ms or min_gap, not both',
    path: ['min_gap'],
  })
  .meta({ id: 'ExpectBody', description: "What a test expects of its client's requests to one path" })

/** An expectation as the handler reads it. */
export type Expectation = z.output<typeof expectBodySchema>

/**
 * An expectation as a test writes it (`sandbox.expect()`).
 *
 * @example
 * const expectation: ExpectationInput = { path: '/projects', count: { max: 3 } }
 */
export type ExpectationInput = z.input<typeof expectBodySchema>
