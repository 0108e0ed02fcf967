// A suite with an in-process sandbox (msw) whose client sends a 400 again unchanged, and one behind
// startSandbox whose client waits as Retry-After says: `report --behaviour --` judges both.
import { setupServer } from 'msw/node'
import { createSandbox, startSandbox } from '../../dist/index.js'

const mocked = createSandbox({ baseUrl: 'https://one.example.com' })
const server = setupServer(...mocked.handlers)
server.listen({ onUnhandledRequest: 'error' })
mocked.useScenario('bad-request')
for (let attempt = 0; attempt < 2; attempt++)
  await fetch('https://one.example.com/api/v1/projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } })
server.close()

const running = await startSandbox()
running.useScenario({ name: 'unavailable-once', description: 'One 503', retry_after: 1, rules: [{ fail: { status: 503, nth: 1 } }] })
await fetch(`${running.url}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
await new Promise((resolve) => setTimeout(resolve, 1000))
await fetch(`${running.url}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
await running.close()
