// A team's vitest + msw suite, unchanged for mutate: createSandbox() applies ANALYTICS_SANDBOX_MUTATION
// by itself. Its blind spot: it never looks at a project's domain.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSandbox } from '../../../dist/index.js'

const sandbox = createSandbox({ baseUrl: 'https://api.example.com' })
const server = setupServer(...sandbox.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

async function projects(): Promise<Array<{ id: number; name: string }>> {
  const response = await fetch('https://api.example.com/api/v1/projects', { headers: { 'X-API-Key': sandbox.keys.user } })
  const body = await response.json()
  return body.data.projects.map((project: { id: number; name: string }) => ({ id: project.id, name: project.name }))
}

it('lists the ids of the three projects', async () => {
  expect((await projects()).map((project) => project.id)).toEqual([101, 102, 103])
})

it('names them in plain ASCII', async () => {
  for (const project of await projects()) expect(project.name).toMatch(/^[a-z-]+$/)
})
