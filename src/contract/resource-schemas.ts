import { z } from 'zod'
import { PROVIDERS } from '../vocabulary/providers.js'

/**
 * The API's resources, the `data` of each endpoint's success envelope, as zod schemas: the one
 * source of the exported types, the OpenAPI document (`openapi.json`), the test suite's self-check
 * and `analytics-sandbox verify`. Objects are strict: a field the contract does not name is drift.
 * Field order is the order the sandbox serialises them in.
 */

/** A UTC calendar date. */
const calendarDate = z.iso.date().meta({ description: 'A UTC calendar date, YYYY-MM-DD', examples: ['2026-03-01'] })
/** An ISO 8601 date-time in UTC, with `Z`. */
const utcDateTime = z.iso.datetime({ offset: false }).meta({ description: 'ISO 8601 date-time in UTC', examples: ['2099-12-31T23:59:59Z'] })
/** A score between 0 and 100 (the sandbox's gap decision: the spec shows no range). */
const score = z.number().min(0).max(100).meta({ description: 'A score from 0 to 100' })
/** A share between 0 and 1. */
const share = z.number().min(0).max(1).meta({ description: 'A share, a fraction from 0 to 1' })
/** Topic (or provider) → brand names. */
const brandNames = z.array(z.string())

/**
 * `data` of `GET /validate`.
 *
 * @example
 * apiKeyDetailsSchema.parse(body.data).key_level // 'USER'
 */
export const apiKeyDetailsSchema = z
  .strictObject({
    valid: z.boolean().meta({ description: 'true for a valid key' }),
    key_level: z.enum(['USER', 'PROJECT']).meta({ description: 'USER: all projects of the account; PROJECT: exactly one project' }),
    user_id: z.int().positive().meta({ description: 'Owner of the key' }),
    project_id: z.int().positive().nullable().meta({ description: 'null for a USER-level key; the project for a PROJECT-level key' }),
    expiry: utcDateTime.meta({ description: 'When the key expires (ISO 8601 date-time, UTC)' }),
  })
  .meta({ id: 'ApiKeyDetails', description: 'API key details: the data of GET /validate' })

/**
 * A project as the API shows it.
 *
 * @example
 * projectSchema.shape.domain
 */
export const projectSchema = z
  .strictObject({
    id: z.int().positive().meta({ description: 'Project identifier; the value sent in X-Project-ID' }),
    name: z.string().meta({ description: 'Short name' }),
    display_name: z.string().meta({ description: 'Human-readable name' }),
    domain: z.string().meta({ description: 'The site the project tracks (the sandbox uses reserved *.example domains)' }),
    region: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ description: 'Region code: ISO 3166-1 alpha-2, upper case (sandbox gap decision)', examples: ['US'] }),
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .meta({ description: 'Language code: ISO 639-1, lower case (sandbox gap decision)', examples: ['en'] }),
    status: z
      .string()
      .meta({ description: 'Only `active` is seen; the full set of values is not shown by the spec', examples: ['active'] }),
    created_at: utcDateTime.meta({ description: 'Creation time (ISO 8601 date-time, UTC)' }),
  })
  .meta({ id: 'Project', description: 'A project' })

/**
 * `data` of `GET /projects`.
 *
 * @example
 * const { projects, total } = projectsDataSchema.parse(body.data)
 */
export const projectsDataSchema = z
  .strictObject({
    projects: z.array(projectSchema),
    total: z.int().min(0).meta({ description: 'Count of projects returned (no pagination)' }),
  })
  .meta({ id: 'ProjectsData', description: 'The projects list: the data of GET /projects' })

/**
 * `up`, `down` or `stable` (|change| < 2 %).
 *
 * @example
 * trendSchema.parse('up')
 */
export const trendSchema = z.enum(['up', 'down', 'stable']).meta({
  id: 'Trend',
  description: '`stable` when |change| < 2 %, else `up` or `down` (sandbox gap decision; no data on either side: `stable`)',
})

/**
 * A period of the historical comparison: resolved dates (both inclusive) and the period's mean
 * daily visibility score.
 *
 * @example
 * periodSummarySchema.parse(data.historical_comparison.previous_period)
 */
export const periodSummarySchema = z
  .strictObject({
    start: calendarDate,
    end: calendarDate,
    visibility_score: score.meta({ description: 'Mean daily visibility score of the period (0 without data)' }),
  })
  .meta({ id: 'PeriodSummary', description: 'A period: start and end (inclusive, UTC) and its mean visibility score' })

/**
 * `data` of `GET /monitoring`.
 *
 * @example
 * monitoringDataSchema.parse(body.data).visibility_score.history.length // the <n> of the message
 */
export const monitoringDataSchema = z
  .strictObject({
    brands_by_topics: z.record(z.string(), brandNames).meta({ description: 'Topic name → brand names (empty without data in the range)' }),
    visibility_score: z.strictObject({
      current: score.meta({ description: 'The value on the last date in the range that has data (0 without data)' }),
      history: z
        .array(z.strictObject({ date: calendarDate, score }))
        .meta({ description: 'Every date in the range that has data, ascending; its length is the <n> of the message' }),
    }),
    historical_comparison: z.strictObject({
      current_period: periodSummarySchema.meta({ description: 'The requested range, as resolved' }),
      previous_period: periodSummarySchema.meta({ description: 'The same number of days immediately before the range' }),
      trend: trendSchema,
      change_percentage: z.number().meta({
        description:
          '(current − previous) / previous × 100 of the period scores, within 0.1 of the shown scores; 0 when either period has no data',
      }),
    }),
  })
  .meta({ id: 'MonitoringData', description: 'Monitoring data: the data of GET /monitoring' })

/**
 * `data` of `GET /overview`.
 *
 * @example
 * const { sentiment_analysis: s } = overviewDataSchema.parse(body.data) // s.positive + s.neutral + s.negative === 1
 */
export const overviewDataSchema = z
  .strictObject({
    current_day_stats: z
      .strictObject({ visibility_score: score, citation_score: score, sentiment_score: score })
      .meta({ description: 'The last date in the range that has data (zeros without data)' }),
    brands_by_topics: z.record(z.string(), brandNames).meta({ description: 'Topic name → brand names (empty without data in the range)' }),
    brands_by_providers: z
      .partialRecord(z.enum(PROVIDERS), brandNames)
      .meta({ description: 'Provider id → brand names seen in its answers (empty without data in the range)' }),
    visibility_score: z.strictObject({
      current: score.meta({ description: 'The value on the last date in the range that has data' }),
      previous: score.meta({ description: 'The value on the last day of the previous period (the day before the range; 0 without data)' }),
      trend: z.string().meta({
        description:
          'The sandbox answers `up`, `down` or `stable` (|change| < 2 %); the spec shows only `up` ("Other values: not shown"), so a client must take any word (variant-trend sends others)',
        examples: ['up', 'down', 'stable'],
      }),
    }),
    sentiment_analysis: z
      .strictObject({ positive: share, neutral: share, negative: share })
      .meta({ description: 'Shares of the range’s mentions; they sum to 1 (all 0 without data)' }),
  })
  .meta({ id: 'OverviewData', description: 'Overview data: the data of GET /overview' })

/**
 * `data` of `GET /validate`.
 *
 * @example
 * const { data } = (await response.json()) as SuccessEnvelope<ApiKeyDetails>
 */
export type ApiKeyDetails = z.output<typeof apiKeyDetailsSchema>

/**
 * A project as the API shows it.
 *
 * @example
 * const names = projects.map((project: ProjectResource) => project.display_name)
 */
export type ProjectResource = z.output<typeof projectSchema>

/**
 * `data` of `GET /projects`.
 *
 * @example
 * const { data } = (await response.json()) as SuccessEnvelope<ProjectsData>
 */
export type ProjectsData = z.output<typeof projectsDataSchema>

/**
 * `up`, `down` or `stable` (|change| < 2 %).
 *
 * @example
 * const trend: Trend = data.historical_comparison.trend
 */
export type Trend = z.output<typeof trendSchema>

/**
 * A period of the historical comparison.
 *
 * @example
 * const { start, end, visibility_score }: PeriodSummary = data.historical_comparison.previous_period
 */
export type PeriodSummary = z.output<typeof periodSummarySchema>

/**
 * `data` of `GET /monitoring`.
 *
 * @example
 * const { data } = (await response.json()) as SuccessEnvelope<MonitoringData>
 */
export type MonitoringData = z.output<typeof monitoringDataSchema>

/**
 * `data` of `GET /overview`.
 *
 * @example
 * const { data } = (await response.json()) as SuccessEnvelope<OverviewData>
 */
export type OverviewData = z.output<typeof overviewDataSchema>
