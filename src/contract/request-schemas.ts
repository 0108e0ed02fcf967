import { z } from 'zod'
import { PROVIDERS } from '../vocabulary/providers.js'
import { REGIONS } from '../vocabulary/regions.js'
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from '../vocabulary/analytics-query.js'
import { anyCasePattern } from './any-case-pattern.js'
import { projectSchema } from './resource-schemas.js'

/**
 * What a request to the API may carry, as zod schemas: the headers and the query parameters of
 * `/monitoring` and `/overview`, with the sandbox's gap decisions as descriptions. The OpenAPI
 * document's parameters come from here; the guards in `src/core/guards/` implement the same rules
 * (a property test holds the two together).
 */

/**
 * `X-API-Key`: required on every endpoint (the security scheme).
 *
 * @example
 * apiKeyHeaderSchema.parse('sbx_user_alpha')
 */
export const apiKeyHeaderSchema = z
  .string()
  .min(1)
  .meta({
    description: 'The API key. Missing, unknown, expired or revoked: 401 `unauthorized` (always, whatever else is wrong).',
    examples: ['sbx_user_alpha'],
  })

/**
 * A regular expression source matching the decimal numbers from 1 to `max` written plainly (no
 * sign, no leading zero), digit by digit, so that a JSON Schema `pattern` states the bound itself.
 *
 * @example
 * new RegExp(`^(?:${upTo('250')})$`).test('251') // false
 */
function upTo(max: string): string {
  const shorter = max.length > 1 ? [`[1-9][0-9]{0,${max.length - 2}}`] : []
  const same: string[] = []
  for (let index = 0; index < max.length; index++) {
    const digit = Number(max[index])
    const low = index === 0 ? 1 : 0
    const rest = max.length - index - 1
    if (digit > low) same.push(`${max.slice(0, index)}[${low}-${digit - 1}]${rest > 0 ? `[0-9]{${rest}}` : ''}`)
  }
  same.push(max)
  return [...shorter, ...same].join('|')
}

/**
 * `X-Project-ID` as the text the guard reads: a project id written plainly (`101`; not `0101`,
 * `+101` or `1e2`), at most 2^53 − 1, with the spaces and tabs HTTP allows around a value; blank
 * counts as missing. The pattern says all of it (a property test holds it to the guard), for a
 * check of the raw header; the OpenAPI document states the header as the integer the spec defines
 * ({@link projectIdParameterSchema}).
 *
 * @example
 * projectIdHeaderSchema.parse('101')
 */
export const projectIdHeaderSchema = z
  .string()
  .regex(new RegExp(`^[ \\t]*(?:${upTo(String(Number.MAX_SAFE_INTEGER))})?[ \\t]*$`))
  .meta({
    description:
      `The project to operate on, a positive integer written plainly, at most ${Number.MAX_SAFE_INTEGER}; blank counts as missing. Anything else: 400 \`invalid_project_id\`. ` +
      'A project that does not exist or belongs to another account: 403 `forbidden` (existence is not revealed).',
    examples: ['101'],
  })

/**
 * `X-Project-ID` as the OpenAPI document states it: the integer the spec defines, the `id` of a
 * project from `GET /projects` (the same schema as `Project.id`), sent in decimal digits as a
 * generated client writes an integer header. The guard reads no other id than these; what else it
 * tolerates in the text (spaces and tabs around the value, a blank value read as missing) is the
 * header's transport, said in the description and in {@link projectIdHeaderSchema}, not ids a
 * client should send.
 *
 * @example
 * projectIdParameterSchema.parse(101)
 */
export const projectIdParameterSchema = projectSchema.shape.id.meta({
  description:
    `The project to operate on: a project's \`id\` from GET /projects, a positive integer of at most ${Number.MAX_SAFE_INTEGER}, sent in decimal digits (\`101\`). ` +
    'Anything else (`0101`, `+101`, `1e2`, `abc`): 400 `invalid_project_id`; spaces or tabs around the digits are ignored, and a blank value counts as missing. ' +
    'A project that does not exist or belongs to another account: 403 `forbidden` (existence is not revealed).',
  examples: [101],
})

/**
 * `X-Sandbox-Scenario` (sandbox only): scenario names, comma-separated, for this request only.
 *
 * @example
 * scenarioHeaderSchema.parse('slow, flaky')
 */
export const scenarioHeaderSchema = z.string().meta({
  description:
    'Sandbox extension, ignored by the real API: comma-separated scenario names in force for this request only ' +
    '(added to those already active). An unknown name: 400 `unknown_scenario`.',
  examples: ['server-error'],
})

const calendarDate = (name: string, rule: string) =>
  z.iso.date().meta({
    description: `${name}, a UTC calendar date (YYYY-MM-DD), inclusive. ${rule} Malformed or impossible, or a range whose previous period (which answers compare with) or end falls outside 0000-01-01 to 9999-12-31: 400 \`invalid_date\`.`,
  })

/**
 * The query of `/monitoring` and `/overview`. All optional; unknown parameters are ignored, and each
 * may be given once.
 *
 * @example
 * analyticsQuerySchema.parse({ start_date: '2026-02-01', provider: 'chatgpt' })
 */
export const analyticsQuerySchema = z.object({
  start_date: calendarDate(
    'Start of the range',
    `Default: end_date − ${DEFAULT_RANGE_DAYS - 1} days (${DEFAULT_RANGE_DAYS} days). After end_date: 400 \`invalid_date_range\`; a range over ${MAX_RANGE_DAYS} days: 400 \`date_range_too_large\`.`,
  ).optional(),
  end_date: calendarDate(
    'End of the range',
    `Default: today (UTC, or the sandbox's --now); with only start_date given, start_date + ${DEFAULT_RANGE_DAYS - 1} days.`,
  ).optional(),
  region: z
    .string()
    .regex(new RegExp(anyCasePattern(REGIONS)))
    .meta({
      description:
        'Region filter: an ISO 3166-1 alpha-2 code, in any case (`us` and `Us` are `US`, the form a project’s `region` shows); ' +
        'the pattern lists every code accepted. Unknown: 400 `invalid_region`. ' +
        'A known region without data: 200 with 0 dates. Default: every region the project has data in.',
      examples: ['US'],
    })
    .optional(),
  provider: z
    .string()
    .regex(new RegExp(anyCasePattern(PROVIDERS)))
    .meta({
      description:
        `LLM provider filter: one of ${PROVIDERS.map((id) => `\`${id}\``).join(', ')}, in any case (\`ChatGPT\` is \`chatgpt\`, the form \`brands_by_providers\` keys show). ` +
        'Unknown: 400 `invalid_provider`. Default: all the project’s providers.',
      examples: ['chatgpt'],
    })
    .optional(),
})
