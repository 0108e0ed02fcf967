// A careful suite shaped like a team's: 22 tests, an in-process server (startSandbox), a session
// per test, reading the fields its client uses. `npm run bench` runs mutate on it.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { startSandbox, underVariant } from '../../dist/index.js'

type Running = Awaited<ReturnType<typeof startSandbox>>
type Session = Awaited<ReturnType<Running['createSession']>>
let running: Running
let session: Session
beforeAll(async () => {
  running = await startSandbox({ port: 0 })
})
afterAll(() => running.close())
beforeEach(async () => {
  session = await running.createSession({})
})
afterEach(() => session.close())

// oxlint-disable-next-line typescript/no-explicit-any -- the suite reads answers loosely, as a team's does
async function get(path: string, key = 'sbx_user_alpha', project?: number): Promise<any> {
  const headers: Record<string, string> = { 'X-API-Key': key, ...(project === undefined ? {} : { 'X-Project-ID': String(project) }) }
  const response = await fetch(`${session.url}${path}`, { headers })
  return { status: response.status, body: await response.json() }
}

it('validates a USER key', async () => expect((await get('validate')).body.data.valid).toBe(true))
it('names the key level', async () => expect((await get('validate')).body.data.key_level).toBe('USER'))
it('gives the user id as a number', async () => expect(typeof (await get('validate')).body.data.user_id).toBe('number'))
it('validates a PROJECT key with its project', async () =>
  expect((await get('validate', 'sbx_project_101')).body.data.project_id).toBe(101))
it('refuses an expired key', async () => expect((await get('validate', 'sbx_user_expired')).status).toBe(401))
it('lists projects with their ids', async () => {
  const ids = (await get('projects')).body.data.projects.map((project: { id: number }) => project.id)
  if (underVariant() === undefined) expect(ids).toEqual([101, 102, 103])
  expect(ids.every(Number.isInteger)).toBe(true)
})
it('counts what it lists', async () => {
  const { data } = (await get('projects')).body
  expect(data.total).toBe(data.projects.length)
})
it('gives each project a domain', async () => {
  for (const project of (await get('projects')).body.data.projects) expect(typeof project.domain).toBe('string')
})
it('gives each project a name', async () => {
  for (const project of (await get('projects')).body.data.projects) expect(project.name.length).toBeGreaterThan(0)
})
it('gives each project a status', async () => {
  for (const project of (await get('projects')).body.data.projects) expect(typeof project.status).toBe('string')
})
it('gives each project a creation date', async () => {
  for (const project of (await get('projects')).body.data.projects) expect(Number.isNaN(Date.parse(project.created_at))).toBe(false)
})
it('reads the current visibility score', async () =>
  expect(typeof (await get('monitoring', 'sbx_project_101')).body.data.visibility_score.current).toBe('number'))
it('reads a visibility history', async () =>
  expect(Array.isArray((await get('monitoring', 'sbx_project_101')).body.data.visibility_score.history)).toBe(true))
it('reads dated scores in the history', async () => {
  for (const day of (await get('monitoring', 'sbx_project_101')).body.data.visibility_score.history) expect(typeof day.score).toBe('number')
})
it('compares periods', async () =>
  expect(typeof (await get('monitoring', 'sbx_project_101')).body.data.historical_comparison.change_percentage).toBe('number'))
it('reads the comparison trend', async () =>
  expect(typeof (await get('monitoring', 'sbx_project_101')).body.data.historical_comparison.trend).toBe('string'))
it('reads the brands by topic', async () =>
  expect(typeof (await get('monitoring', 'sbx_project_101')).body.data.brands_by_topics).toBe('object'))
it('reads the overview score', async () =>
  expect(typeof (await get('overview', 'sbx_project_101')).body.data.visibility_score.current).toBe('number'))
it('reads the overview trend as text', async () =>
  expect(typeof (await get('overview', 'sbx_project_101')).body.data.visibility_score.trend).toBe('string'))
it('reads the sentiment', async () => {
  const { sentiment_analysis: sentiment } = (await get('overview', 'sbx_project_101')).body.data
  expect(sentiment.positive + sentiment.neutral + sentiment.negative).toBeGreaterThan(0)
})
it('reads the day stats', async () =>
  expect(typeof (await get('overview', 'sbx_project_101')).body.data.current_day_stats.citation_score).toBe('number'))
it('asks a USER key for its project', async () => expect((await get('monitoring')).status).toBe(400))
