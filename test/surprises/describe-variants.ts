import { describe, expect, it } from 'vitest'
import { createAjv, responseValidator } from '../support/openapi-ajv.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { errorComponentId } from '../../src/contract/error-component-id.js'
import { EXTRA_FIELD, SPARSE_PROVIDERS_PROJECT } from '../../src/analytics/variant-data.js'
import { LARGE_FIRST_ID, LARGE_PROJECT_COUNT, LARGE_TOPICS, VARIANT_NAMES } from '../../src/vocabulary/variants.js'
import type { EndpointName } from '../../src/vocabulary/endpoint-rules.js'

/** One answer as these tests read it. */
export interface Got {
  readonly status: number
  readonly text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any
}

/** How the tests reach a sandbox: a GET below the API base, and a reset. */
export interface VariantTransport {
  readonly name: 'http' | 'msw'
  get(path: string, headers: Record<string, string>): Promise<Got>
  reset(): Promise<void>
}

const USER = { 'X-API-Key': 'sbx_user_alpha' }
const at = (project: number, scenario: string) => ({ ...USER, 'X-Project-ID': String(project), 'X-Sandbox-Scenario': scenario })
const ENDPOINTS: readonly EndpointName[] = ['validate', 'projects', 'monitoring', 'overview']

/** `value` without the extra field anywhere and with an empty meta_data: what extra-fields added, taken away. */
function withoutExtras(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutExtras)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => name !== EXTRA_FIELD)
      .map(([name, inner]) => [name, name === 'meta_data' ? {} : withoutExtras(inner)]),
  )
}

/** Every object inside `value` but the maps keyed by topic or provider. */
function objectsIn(value: unknown, found: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) objectsIn(item, found)
  else if (value !== null && typeof value === 'object') {
    found.push(value as Record<string, unknown>)
    for (const [name, inner] of Object.entries(value))
      if (name !== 'brands_by_topics' && name !== 'brands_by_providers') objectsIn(inner, found)
  }
  return found
}

/** The variants' tests, the same over HTTP and through msw. */
export function describeVariants(transport: () => VariantTransport): void {
  const ajv = createAjv()
  const get = (path: string, headers: Record<string, string>) => transport().get(path, headers)

  describe.each(VARIANT_NAMES)('variant-%s', (variant) => {
    it.each(ENDPOINTS)('answers GET /%s with a success the OpenAPI document accepts, status and envelope unchanged', async (endpoint) => {
      const answer = await get(endpoint, at(101, `variant-${variant}`))
      expect(answer.status).toBe(200)
      expect(Object.keys(answer.body)).toEqual(['success', 'message', 'code', 'data', 'errors', 'meta_data'])
      const validate = responseValidator(ajv, endpoint, 200)
      expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true)
    })

    it('answers the same bytes for the same calls after a reset', async () => {
      // One after the other: meta_data.request_id is the journal's id, which follows the order of arrival.
      const run = async () => {
        const texts: string[] = []
        for (const endpoint of ENDPOINTS) texts.push((await get(endpoint, at(101, `variant-${variant}`))).text)
        return texts
      }
      await transport().reset()
      const first = await run()
      await transport().reset()
      expect(await run()).toEqual(first)
    })
  })

  it('variant-extra-fields adds a field to every object inside data and fills meta_data, removing and renaming nothing', async () => {
    for (const endpoint of ENDPOINTS) {
      const plain = await get(endpoint, { ...USER, 'X-Project-ID': '101' })
      const extra = await get(endpoint, at(101, 'variant-extra-fields'))
      expect(withoutExtras(extra.body), endpoint).toEqual(plain.body)
      for (const object of objectsIn(extra.body.data)) expect(object[EXTRA_FIELD], endpoint).toBeTypeOf('string')
      expect(extra.body.meta_data).toEqual({ request_id: expect.stringMatching(/^req_\d+$/), api_version: '1.0.0' })
    }
  })

  it('variant-extra-fields numbers the API requests of a sandbox in meta_data.request_id', async () => {
    await transport().reset()
    const ids = []
    for (let index = 0; index < 3; index++) ids.push((await get('projects', at(101, 'variant-extra-fields'))).body.meta_data.request_id)
    expect(ids).toEqual(['req_1', 'req_2', 'req_3'])
  })

  it('variant-project-status gives 101 and two more a status other than active, one a word no list names, and still serves them', async () => {
    const alpha = (await get('projects', at(101, 'variant-project-status'))).body.data.projects
    const beta = (await get('projects', { 'X-API-Key': 'sbx_user_beta', 'X-Sandbox-Scenario': 'variant-project-status' })).body.data
      .projects
    const statuses = Object.fromEntries([...alpha, ...beta].map((project: { id: number; status: string }) => [project.id, project.status]))
    expect(statuses).toEqual({ 101: 'paused', 102: 'archived', 103: 'active', 201: 'migrating' })
    expect((await get('monitoring', at(101, 'variant-project-status'))).status).toBe(200)
  })

  it("variant-trend gives overview's trend a word other than up, down and stable for 101 and 102, and leaves monitoring's alone", async () => {
    expect((await get('overview', at(101, 'variant-trend'))).body.data.visibility_score.trend).toBe('volatile')
    expect((await get('overview', at(102, 'variant-trend'))).body.data.visibility_score.trend).toBe('unknown')
    expect(['up', 'down', 'stable']).toContain((await get('monitoring', at(101, 'variant-trend'))).body.data.historical_comparison.trend)
  })

  it('variant-sparse answers errors without errors.detail, each accepted by its component', async () => {
    const missing = await get('monitoring', { ...USER, 'X-Sandbox-Scenario': 'variant-sparse' })
    expect(missing.body.errors).toEqual({ error: 'missing_project_id' })
    const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${errorComponentId(ERRORS.missingProjectId)}` })
    expect(validate(missing.body), JSON.stringify(validate.errors)).toBe(true)
    const forbidden = await get('overview', at(201, 'variant-sparse'))
    expect(forbidden.body.errors).toEqual({ error: 'forbidden' })
  })

  it('variant-sparse leaves days out of the history, and the message, current and period mean count only the days that remain', async () => {
    const { body } = await get('monitoring', at(101, 'variant-sparse'))
    const history: Array<{ date: string; score: number }> = body.data.visibility_score.history
    expect(history.length).toBeLessThan(30)
    expect(body.message).toBe(`Monitoring data retrieved successfully for ${history.length} dates`)
    expect(body.data.visibility_score.current).toBe(history.at(-1)!.score)
    const mean = history.reduce((sum, day) => sum + day.score, 0) / history.length
    expect(Math.abs(body.data.historical_comparison.current_period.visibility_score - mean)).toBeLessThanOrEqual(0.01)
    const scores = history.map((day) => day.score)
    expect(scores).toContain(0)
    expect(scores).toContain(100)
  })

  it('variant-sparse gives a topic with no brands, and project 102 no brands by provider', async () => {
    const topics: Record<string, string[]> = (await get('overview', at(101, 'variant-sparse'))).body.data.brands_by_topics
    expect(Object.values(topics).some((brands) => brands.length === 0)).toBe(true)
    expect((await get('overview', at(SPARSE_PROVIDERS_PROJECT, 'variant-sparse'))).body.data.brands_by_providers).toEqual({})
  })

  it('variant-unicode writes names, topics and brands in other scripts, with characters JSON must escape', async () => {
    const projects = await get('projects', at(101, 'variant-unicode'))
    for (const pattern of [/é/, /\p{Script=Han}/u, /\p{Script=Hebrew}/u, /\p{Extended_Pictographic}/u, /\p{Script=Arabic}/u]) {
      expect(projects.body.data.projects[0].display_name).toMatch(pattern)
    }
    expect(projects.text).toMatch(/\\"|\\\\|\\u0001|\\n|\\t/)
    const topics = Object.keys((await get('monitoring', at(101, 'variant-unicode'))).body.data.brands_by_topics)
    expect(topics.every((topic) => /[^\x20-\x7e]/.test(topic))).toBe(true)
  })

  it('variant-large lists 2,000 projects for sbx_user_alpha, serves each, and gives 101 fifty topics of fifty brands', async () => {
    const { data } = (await get('projects', at(101, 'variant-large'))).body
    expect(data.total).toBe(LARGE_PROJECT_COUNT)
    expect(data.projects).toHaveLength(LARGE_PROJECT_COUNT)
    const last = data.projects.at(-1).id
    expect(last).toBeGreaterThanOrEqual(LARGE_FIRST_ID)
    expect((await get('monitoring', at(last, 'variant-large'))).status).toBe(200)
    const topics: Record<string, string[]> = (await get('monitoring', at(101, 'variant-large'))).body.data.brands_by_topics
    expect(Object.keys(topics)).toHaveLength(LARGE_TOPICS)
    expect(Object.values(topics).every((brands) => brands.length === LARGE_TOPICS)).toBe(true)
    expect((await get('projects', { 'X-API-Key': 'sbx_user_beta', 'X-Sandbox-Scenario': 'variant-large' })).body.data.total).toBe(1)
  })

  it('combines variants with each other and with the other scenarios', async () => {
    const both = await get('overview', at(101, 'variant-trend, variant-extra-fields'))
    expect(both.body.data.visibility_score).toMatchObject({ trend: 'volatile', [EXTRA_FIELD]: expect.any(String) })
    expect((await get('overview', at(101, 'variant-trend, server-error'))).status).toBe(500)
    expect((await get('monitoring', at(101, 'variant-sparse, no-data'))).body.data.visibility_score.history).toEqual([])
  })
}
