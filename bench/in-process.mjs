// In-process cost: a request through createSandbox().handlers in msw's setupServer, against a
// trivial msw handler returning the same JSON body, in one process, alternating rounds. Also the
// cost of reset() with the default fixtures, with nothing and with records and the clock changed.
// Prints one JSON line: { ratio, resetMs, resetChangedMs }.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createSandbox } from '../dist/index.js'

const quick = process.argv.includes('--quick')
const REQUESTS = quick ? 300 : 2000
const ROUNDS = quick ? 2 : 5
const headers = { 'X-API-Key': 'sbx_user_alpha' }

const sandbox = createSandbox({ now: '2026-03-01', baseUrl: 'http://sandbox.test' })
await sandbox.ready()
let body = ''
const trivial = http.get(
  'http://trivial.test/api/v1/projects',
  () => new HttpResponse(body, { headers: { 'content-type': 'application/json' } }),
)
const server = setupServer(...sandbox.handlers, trivial)
server.listen({ onUnhandledRequest: 'error' })
body = await (await fetch('http://sandbox.test/api/v1/projects', { headers })).text()

async function msPerRequest(url) {
  const started = performance.now()
  for (let index = 0; index < REQUESTS; index++) await (await fetch(url, { headers })).text()
  return (performance.now() - started) / REQUESTS
}

await msPerRequest('http://sandbox.test/api/v1/projects')
await msPerRequest('http://trivial.test/api/v1/projects')
const ratios = []
for (let round = 0; round < ROUNDS; round++) {
  const ours = await msPerRequest('http://sandbox.test/api/v1/projects')
  const baseline = await msPerRequest('http://trivial.test/api/v1/projects')
  ratios.push(ours / baseline)
  await sandbox.reset()
}
server.close()

for (let warm = 0; warm < 200; warm++) await sandbox.reset()
const resets = quick ? 500 : 5000
const started = performance.now()
for (let index = 0; index < resets; index++) await sandbox.reset()
const resetMs = (performance.now() - started) / resets

// A reset that has work to do: an account made, a key revoked and the clock moved since the last one.
const changedResets = quick ? 50 : 500
let changedTotal = 0
for (let index = 0; index < changedResets; index++) {
  await sandbox.accounts.create({ projects: 2 })
  await sandbox.keys.revoke('sbx_user_alpha')
  await sandbox.clock.advance('P1D')
  const begun = performance.now()
  await sandbox.reset()
  changedTotal += performance.now() - begun
}
const resetChangedMs = changedTotal / changedResets

ratios.sort((a, b) => a - b)
process.stdout.write(`${JSON.stringify({ ratio: ratios[Math.floor(ratios.length / 2)], resetMs, resetChangedMs })}\n`)
