// A team's careful vitest + msw suite, unchanged for mutate: in-process sandboxes, tests that set
// scenarios with useScenario(). Its client has a real bug (a trend enum that knows only
// up/down/stable), and one test pins documented values (the ids of the three projects).
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createSandbox } from '../../../dist/index.js'

const sandbox = createSandbox({ baseUrl: 'https://api.example.com' })
const server = setupServer(...sandbox.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => sandbox.reset())
afterAll(() => server.close())

type Trend = 'up' | 'down' | 'stable'

/** The client's bug: a trend it does not know is an error, though the spec leaves the set open. */
function readTrend(value: unknown): Trend {
  if (value === 'up' || value === 'down' || value === 'stable') return value
  throw new Error(`unknown trend ${String(value)}`)
}

/** What the client reads of an answer: whatever data holds (the suite looks inside it). */
// oxlint-disable-next-line typescript/no-explicit-any -- the suite reads answers loosely, as a team's does
type Data = { data: { [field: string]: any } }

/** The client: GET with a retry after a 5xx. */
async function get(path: string, key: string): Promise<Data> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`https://api.example.com/api/v1/${path}`, { headers: { 'X-API-Key': key } })
    if (response.status < 500 || attempt === 2) return (await response.json()) as Data
  }
}

it('reads the trend after a failed first try', async () => {
  sandbox.useScenario('fail-once')
  const overview = await get('overview', sandbox.keys.project)
  expect(readTrend(overview.data.visibility_score.trend)).toBeTruthy()
})

it('lists the three documented projects', async () => {
  const projects = await get('projects', sandbox.keys.user)
  expect(projects.data.projects.map((project: { id: number }) => project.id)).toEqual([101, 102, 103])
})

it('counts what it lists', async () => {
  const projects = await get('projects', sandbox.keys.user)
  expect(projects.data.total).toBe(projects.data.projects.length)
})
