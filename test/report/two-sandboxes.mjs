// A suite with two in-process sandboxes (two msw handler sets, two base URLs): `report --` reports them as one.
import { setupServer } from 'msw/node'
import { createSandbox } from '../../dist/index.js'

const first = createSandbox({ baseUrl: 'https://one.example.com' })
const second = createSandbox({ baseUrl: 'https://two.example.com' })
const server = setupServer(...first.handlers, ...second.handlers)
server.listen({ onUnhandledRequest: 'error' })
const projects = await fetch('https://one.example.com/api/v1/projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } })
const validate = await fetch('https://two.example.com/api/v1/validate?startDate=2026-01-01', {
  headers: { 'X-API-Key': 'sbx_project_101' },
})
server.close()
process.exit(projects.status === 200 && validate.status === 200 ? 0 : 1)
