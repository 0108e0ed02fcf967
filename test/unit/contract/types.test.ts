/**
 * The exported types, at the type level: each is the output of its schema (so the types a user
 * writes against cannot drift from what the self-check and `verify` enforce), and has the fields the
 * spec names, with the spec's types. Checked by `tsc -p tsconfig.test.json` (part of `npm test`);
 * the tests themselves only run the assertions' no-op bodies.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { projectsDataSchema, successEnvelopeSchema } from '../../../src/contract.js'
import type {
  apiKeyDetailsSchema,
  errorEnvelopeSchema,
  monitoringDataSchema,
  overviewDataSchema,
  periodSummarySchema,
  projectSchema,
  trendSchema,
} from '../../../src/contract.js'
import type {
  ApiKeyDetails,
  Envelope,
  ErrorEnvelope,
  MonitoringData,
  OverviewData,
  PeriodSummary,
  ProjectResource,
  ProjectsData,
  Provider,
  SuccessEnvelope,
  Trend,
} from '../../../src/index.js'

/** An object the contract requires to be empty (`data` on errors, `errors` on success, `meta_data`): zod's output of `z.strictObject({})`. */
const emptyObject = z.strictObject({})
type Empty = z.output<typeof emptyObject>

describe('the exported types are the outputs of the contract schemas', () => {
  it('derives every resource type from its schema', () => {
    expectTypeOf<ApiKeyDetails>().toEqualTypeOf<z.output<typeof apiKeyDetailsSchema>>()
    expectTypeOf<ProjectResource>().toEqualTypeOf<z.output<typeof projectSchema>>()
    expectTypeOf<ProjectsData>().toEqualTypeOf<z.output<typeof projectsDataSchema>>()
    expectTypeOf<Trend>().toEqualTypeOf<z.output<typeof trendSchema>>()
    expectTypeOf<PeriodSummary>().toEqualTypeOf<z.output<typeof periodSummarySchema>>()
    expectTypeOf<MonitoringData>().toEqualTypeOf<z.output<typeof monitoringDataSchema>>()
    expectTypeOf<OverviewData>().toEqualTypeOf<z.output<typeof overviewDataSchema>>()
  })

  it('derives the envelopes from their schemas: ErrorEnvelope exactly, SuccessEnvelope<D> with data typed as D', () => {
    expectTypeOf<ErrorEnvelope>().toEqualTypeOf<z.output<typeof errorEnvelopeSchema>>()
    const projectsEnvelope = successEnvelopeSchema(projectsDataSchema, z.string())
    expectTypeOf<SuccessEnvelope<ProjectsData>>().toEqualTypeOf<Omit<z.output<typeof projectsEnvelope>, 'data'> & { data: ProjectsData }>()
    expectTypeOf<z.output<typeof projectsEnvelope>>().toExtend<SuccessEnvelope<ProjectsData>>()
  })
})

describe('the exported types have the fields the spec names', () => {
  it('ApiKeyDetails: valid, key_level USER or PROJECT, user_id, project_id or null, expiry', () => {
    expectTypeOf<ApiKeyDetails>().toEqualTypeOf<{
      valid: boolean
      key_level: 'USER' | 'PROJECT'
      user_id: number
      project_id: number | null
      expiry: string
    }>()
  })

  it('ProjectsData: the projects with every field of a Project, and total', () => {
    expectTypeOf<ProjectsData>().toEqualTypeOf<{ projects: ProjectResource[]; total: number }>()
    expectTypeOf<ProjectResource>().toEqualTypeOf<{
      id: number
      name: string
      display_name: string
      domain: string
      region: string
      language: string
      status: string
      created_at: string
    }>()
  })

  it('MonitoringData: brands by topic, the visibility score with its dated history, and the historical comparison', () => {
    expectTypeOf<PeriodSummary>().toEqualTypeOf<{ start: string; end: string; visibility_score: number }>()
    expectTypeOf<Trend>().toEqualTypeOf<'up' | 'down' | 'stable'>()
    expectTypeOf<MonitoringData>().toEqualTypeOf<{
      brands_by_topics: Record<string, string[]>
      visibility_score: { current: number; history: Array<{ date: string; score: number }> }
      historical_comparison: { current_period: PeriodSummary; previous_period: PeriodSummary; trend: Trend; change_percentage: number }
    }>()
  })

  it('OverviewData: current-day stats, brands by topic and by provider id, the visibility score (its trend any word: the spec shows only up) and the sentiment shares', () => {
    expectTypeOf<OverviewData>().toEqualTypeOf<{
      current_day_stats: { visibility_score: number; citation_score: number; sentiment_score: number }
      brands_by_topics: Record<string, string[]>
      brands_by_providers: Partial<Record<Provider, string[]>>
      visibility_score: { current: number; previous: number; trend: string }
      sentiment_analysis: { positive: number; neutral: number; negative: number }
    }>()
  })

  it('SuccessEnvelope: success true, message, code 200, the data, empty errors and meta_data', () => {
    expectTypeOf<SuccessEnvelope<ProjectsData>>().toEqualTypeOf<
      { success: true; message: string; code: 200; errors: Empty; meta_data: Empty } & { data: ProjectsData }
    >()
    expectTypeOf<keyof SuccessEnvelope<ProjectsData>>().toEqualTypeOf<'success' | 'message' | 'code' | 'data' | 'errors' | 'meta_data'>()
  })

  it('ErrorEnvelope: success false, message, code, empty data, errors with an optional error and detail, empty meta_data', () => {
    expectTypeOf<ErrorEnvelope>().toEqualTypeOf<{
      success: false
      message: string
      code: number
      data: Empty
      errors: { error?: string | undefined; detail?: string | undefined }
      meta_data: Empty
    }>()
  })

  it('Envelope: one of the two, told apart by success', () => {
    expectTypeOf<Envelope<OverviewData>>().toEqualTypeOf<SuccessEnvelope<OverviewData> | ErrorEnvelope>()
    const narrow = (body: Envelope<OverviewData>) => {
      if (body.success) expectTypeOf(body.data).toEqualTypeOf<OverviewData>()
      else expectTypeOf(body.errors.error).toEqualTypeOf<string | undefined>()
    }
    expectTypeOf(narrow).toBeFunction()
    expectTypeOf<Envelope>().toEqualTypeOf<SuccessEnvelope<Record<string, unknown>> | ErrorEnvelope>()
  })
})
