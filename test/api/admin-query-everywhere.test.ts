// Issue #53, item 3: every admin operation reads its query from the table, so a name it does not
// take is 400 everywhere (`GET /__sandbox/clock?nonsense=1` was 200 while `requests?nonsense=1` was
// 400), before its body is read and with nothing changed. Over real HTTP (startSandbox, port 0) and
// in process (dispatchAdmin); the msw handlers serve no admin API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_OPERATION_LIST, type AdminOperationId } from '../../src/contract/admin-operations.js'
import { fail } from '../../src/contract/envelope.js'
import { dispatchAdmin } from '../../src/core/admin/dispatch-admin.js'
import { unknownParameterDetail } from '../../src/core/admin/read-admin-query.js'
import { NO_SERVER } from '../../src/core/server-settings.js'
import { createSandboxCore, resolveSandboxConfig } from '../../src/sandbox/open-sandbox.js'
import { startSandbox } from '../../src/server/start-sandbox.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { answeredNow } from '../support/answered-now.js'
import { THIS_PROCESS } from '../../src/sandbox/this-process.js'

/** A body each operation would take, so that only its query is wrong. */
const BODIES: Partial<Record<AdminOperationId, unknown>> = {
  put_scenario: { scenarios: ['slow'] },
  post_accounts: { name: 'query check' },
  post_projects: { user_id: 1 },
  patch_projects_id: { status: 'paused' },
  post_keys: { level: 'USER', user_id: 1 },
  patch_keys_key: { name: 'query check' },
  put_clock: { now: '2026-01-01' },
  post_sessions: {},
}

/** The operations that take no query: each must refuse one. */
const WITHOUT_QUERY = ADMIN_OPERATION_LIST.filter((operation) => !('query' in operation))

/** The route with its parameter filled in. */
function pathOf(route: string, session: string): string {
  return route.replace('{id}', '101').replace('{key}', 'sbx_user_alpha').replace('{session}', session)
}

describe('an admin query parameter no operation takes, over HTTP', () => {
  let running: Awaited<ReturnType<typeof startSandbox>>
  let admin = ''
  let session = ''
  beforeAll(async () => {
    running = await startSandbox({ port: 0, now: '2026-03-01' })
    admin = running.url.replace('/api/v1/', '/__sandbox/')
    session = (await running.createSession({})).id
    await fetch(`${running.url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
  })
  afterAll(() => running.close())

  /** What the admin API shows of the sandbox's state: any change would show here. */
  async function state(): Promise<string[]> {
    return Promise.all(
      ['clock', 'scenario', 'requests', 'keys', 'sessions'].map(async (name) => {
        const { data } = (await (await fetch(`${admin}${name}`)).json()) as { data: unknown }
        return JSON.stringify(data, (key, value) => (key === 'last_used_at' ? undefined : value))
      }),
    )
  }

  it.each(WITHOUT_QUERY.map((operation) => [operation.method, operation.route, operation.id] as const))(
    'refuses %s %s?nonsense=1 with 400 naming the parameter and what it takes, changing nothing',
    async (method, route, id) => {
      const before = await state()
      const body = BODIES[id]
      const response = await fetch(`${admin}${pathOf(route, session)}?nonsense=1`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual(fail(ERRORS.badRequest, unknownParameterDetail(id, 'nonsense')))
      expect(await state()).toEqual(before)
    },
  )
})

describe('an admin query parameter no operation takes, in process', () => {
  it.each(
    WITHOUT_QUERY.filter((operation) => !operation.route.startsWith('sessions')).map(
      (operation) => [operation.method, operation.route, operation.id] as const,
    ),
  )('refuses %s %s?nonsense=1 through dispatchAdmin with the same 400', async (method, route, id) => {
    const core = await createSandboxCore(resolveSandboxConfig({ now: '2026-03-01' }), THIS_PROCESS)
    const body = BODIES[id]
    const answer = answeredNow(
      dispatchAdmin(
        core,
        {
          method,
          path: `/__sandbox/${pathOf(route, 'none')}`,
          query: 'nonsense=1',
          header: () => null,
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        NO_SERVER,
      ),
    )
    expect(answer.status).toBe(400)
    expect(JSON.parse(new TextDecoder().decode(answer.body))).toEqual(fail(ERRORS.badRequest, unknownParameterDetail(id, 'nonsense')))
  })
})
