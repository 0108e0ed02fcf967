import { NOT_JSON_MESSAGE } from '../../src/core/admin/read-json-body.js'
import { BODY_EXAMPLE, SCENARIOS_FIELD_MESSAGE } from '../../src/contract/scenario-body-schema.js'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ConfigError } from '../../src/vocabulary/config-error.js'
import { ADMIN_ENDPOINTS, adminNotFoundDetail } from '../../src/core/admin/dispatch-admin.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { NOT_A_FIELD, PortalError } from '../../src/vocabulary/portal-error.js'
import { MESSAGES } from '../../src/vocabulary/endpoint-rules.js'
import { MALFORMED_SCENARIO_NAME } from '../../src/scenarios/scenario-catalogue.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import type { ScenarioInput } from '../../src/contract/scenario-schema.js'
import { expectEnvelope, expectError, expectSuccess } from '../api/contract/expect-envelope.js'
import { USER, USER_101 } from '../api/contract/fixtures.js'
import { BUILT_IN_NAMES, SCENARIO_FILES, send, TODAY, useHttpSandbox, type HttpSandbox } from './helpers.js'

const AVAILABLE = `Available scenarios: ${BUILT_IN_NAMES.join(', ')}`
/** What the admin API says of a PUT body that is not JSON, or not an object: the same 400 as the portal's. */
const NOT_JSON = `1 mistake: (root): ${NOT_JSON_MESSAGE}`
const NOT_AN_OBJECT = `1 mistake: (root): must be ${BODY_EXAMPLE}`

/** An inline scenario in the file format. */
const overviewDown: ScenarioInput = {
  name: 'overview-down',
  description: 'Only /overview is down for maintenance.',
  rules: [{ match: { endpoint: 'overview' }, fail: { status: 503 } }],
}

async function expectActive(sandbox: HttpSandbox, names: readonly string[]): Promise<void> {
  expect(await sandbox.activeNames()).toEqual(names)
}

describe('scenarios given when the sandbox starts: startSandbox({ scenarios })', () => {
  const sandbox = useHttpSandbox({ now: TODAY, scenarios: ['server-error'] })

  test('A scenario given to startSandbox is in force from the first request.', async () => {
    expectError(await sandbox().api('projects', { headers: USER }), ERRORS.projectsFailed)
    await expectActive(sandbox(), ['server-error'])
  })

  test('The health endpoint shows today, the seed and the active scenarios.', async () => {
    const answer = await sandbox().admin('health')
    expectSuccess(answer, 'Sandbox is healthy')
    expect(answer.body.data).toMatchObject({ status: 'ok', today: TODAY, seed: 1, active_scenarios: ['server-error'] })
  })

  test('POST /__sandbox/reset restores the initial scenarios after PUT /__sandbox/scenario replaced them.', async () => {
    expectSuccess(await sandbox().putScenarios([]), 'Scenarios activated')
    await expectActive(sandbox(), [])
    expectSuccess(await sandbox().api('projects', { headers: USER }), MESSAGES.projects)
    const reset = await sandbox().admin('reset', { method: 'POST' })
    expectSuccess(reset, 'Sandbox reset')
    expect(reset.body.data).toEqual({ active: ['server-error'] })
    await expectActive(sandbox(), ['server-error'])
    expectError(await sandbox().api('projects', { headers: USER }), ERRORS.projectsFailed)
  })
})

describe('scenarios chosen over HTTP at run time', () => {
  const sandbox = useHttpSandbox({ now: TODAY, seed: 9 })

  beforeEach(async () => {
    expectSuccess(await sandbox().admin('reset', { method: 'POST' }), 'Sandbox reset')
  })

  describe('PUT /__sandbox/scenario', () => {
    test('PUT /__sandbox/scenario puts the named scenarios in force, and GET /__sandbox/scenario shows them in order.', async () => {
      const put = await sandbox().putScenarios(['no-data', 'empty-account'])
      expectSuccess(put, 'Scenarios activated')
      expect(put.body.data).toEqual({ active: ['no-data', 'empty-account'] })
      await expectActive(sandbox(), ['no-data', 'empty-account'])
      const projects = await sandbox().api('projects', { headers: USER })
      expect(projects.body.data).toEqual({ projects: [], total: 0 })
      expectError(await sandbox().api('monitoring', { headers: USER_101 }), ERRORS.forbidden)
    })

    test('GET /__sandbox/scenarios lists every built-in with its description, source "built-in" and active flag.', async () => {
      await sandbox().putScenarios(['slow', 'flaky'])
      const answer = await sandbox().admin('scenarios')
      expectSuccess(answer, 'Scenarios retrieved successfully')
      expect(answer.body.data.active).toEqual(['slow', 'flaky'])
      const listed = [...(answer.body.data.scenarios as Array<{ name: string }>)].sort((a, b) => a.name.localeCompare(b.name))
      expect(listed).toEqual(
        SCENARIO_FILES.map((file) => ({
          name: file.name,
          description: file.description,
          source: 'built-in',
          active: file.name === 'slow' || file.name === 'flaky',
        })),
      )
      expect(listed).toHaveLength(BUILT_IN_NAMES.length)
    })

    test('The health endpoint shows today, the seed and the scenarios put in force.', async () => {
      await sandbox().putScenarios(['rate-limited'])
      const answer = await sandbox().admin('health')
      expectSuccess(answer, 'Sandbox is healthy')
      expect(answer.body.data).toMatchObject({ status: 'ok', today: TODAY, seed: 9, active_scenarios: ['rate-limited'] })
    })
  })

  describe('the X-Sandbox-Scenario header', () => {
    test('The header applies to its own request only: a parallel request without it is unaffected.', async () => {
      const [withHeader, without] = await Promise.all([
        sandbox().api('projects', { headers: { ...USER, 'X-Sandbox-Scenario': 'server-error' } }),
        sandbox().api('projects', { headers: USER }),
      ])
      expectError(withHeader, ERRORS.projectsFailed)
      expectSuccess(without, MESSAGES.projects)
      expect(without.body.data.total).toBe(3)
      await expectActive(sandbox(), [])
    })

    test('The header may name several scenarios, separated by commas.', async () => {
      const answer = await sandbox().api('monitoring', { headers: { ...USER_101, 'X-Sandbox-Scenario': ' no-data , empty-account ' } })
      expectError(answer, ERRORS.forbidden)
      const entry = (await sandbox().journal()).requests.at(-1)
      expect(entry?.scenarios).toEqual(['no-data', 'empty-account'])
    })

    test('The header’s scenarios combine with the active ones: the effects of both apply to the request.', async () => {
      await sandbox().putScenarios(['no-data'])
      const headers = { ...USER_101, 'X-Sandbox-Scenario': 'fail-once' }
      expectError(await sandbox().api('monitoring', { headers }), ERRORS.monitoringFailed)
      expectSuccess(await sandbox().api('monitoring', { headers }), MESSAGES.monitoring(0))
      expectSuccess(await sandbox().api('monitoring', { headers: USER_101 }), MESSAGES.monitoring(0))
      const journal = (await sandbox().journal()).requests
      expect(journal.map((entry) => entry.scenarios)).toEqual([['no-data', 'fail-once'], ['no-data', 'fail-once'], ['no-data']])
      await expectActive(sandbox(), ['no-data'])
    })

    test('A header naming an unknown scenario is 400 unknown_scenario listing the available names, and changes nothing.', async () => {
      await sandbox().putScenarios(['no-data'])
      const answer = await sandbox().api('projects', { headers: { ...USER, 'X-Sandbox-Scenario': 'no-data, flakey' } })
      expectError(answer, ERRORS.unknownScenario, `X-Sandbox-Scenario: Unknown scenario "flakey". ${AVAILABLE}`)
      await expectActive(sandbox(), ['no-data'])
      expectSuccess(await sandbox().api('monitoring', { headers: USER_101 }), MESSAGES.monitoring(0))
      const names = ((await sandbox().admin('scenarios')).body.data.scenarios as Array<{ name: string }>).map((entry) => entry.name)
      expect(names).not.toContain('flakey')
    })

    test('A header naming an unknown scenario is refused before the key is checked.', async () => {
      const answer = await sandbox().api('projects', { headers: { 'X-Sandbox-Scenario': 'nope' } })
      expectError(answer, ERRORS.unknownScenario, `X-Sandbox-Scenario: Unknown scenario "nope". ${AVAILABLE}`)
    })

    test('A header with a malformed name, or longer than 1024 characters, is 400 unknown_scenario saying what a name is, without echoing it.', async () => {
      const malformed = await sandbox().api('projects', { headers: { ...USER, 'X-Sandbox-Scenario': 'Server-Error' } })
      expectError(malformed, ERRORS.unknownScenario, `X-Sandbox-Scenario: Unknown scenario: ${MALFORMED_SCENARIO_NAME}. ${AVAILABLE}`)
      const long = await sandbox().api('projects', { headers: { ...USER, 'X-Sandbox-Scenario': 'slow,'.repeat(205) } })
      expectError(long, ERRORS.unknownScenario, 'X-Sandbox-Scenario may be at most 1024 characters long')
    })

    test('A blank header selects nothing.', async () => {
      expectSuccess(await sandbox().api('projects', { headers: { ...USER, 'X-Sandbox-Scenario': '  ' } }), MESSAGES.projects)
    })
  })

  describe('bad PUT /__sandbox/scenario bodies', () => {
    /** Puts a good set first, then checks that `body` is refused with `template` and the set is unchanged. */
    async function expectRefused(
      body: string,
      template: typeof ERRORS.invalidBody | typeof ERRORS.unknownScenario,
      detail: string | RegExp,
    ): Promise<void> {
      expect((await sandbox().putScenarios(['no-data', 'slow'])).status).toBe(200)
      const answer = await sandbox().admin('scenario', { method: 'PUT', body })
      expectError(answer, template, detail)
      await expectActive(sandbox(), ['no-data', 'slow'])
    }

    const scenario = (rules: unknown, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ scenarios: [{ name: 'mine', description: 'Mine.', rules, ...extra }] })

    test('PUT with an unknown name is 400 unknown_scenario listing the available names, and the previous set stays in force.', async () => {
      await expectRefused(
        JSON.stringify({ scenarios: ['server-error', 'nope'] }),
        ERRORS.unknownScenario,
        `Unknown scenario "nope". ${AVAILABLE}`,
      )
      expectSuccess(await sandbox().api('projects', { headers: USER }), MESSAGES.projects)
    })

    test('PUT with a body that is not JSON is 400 invalid_body, and the previous set stays in force.', async () => {
      await expectRefused('scenarios=server-error', ERRORS.invalidBody, NOT_JSON)
      await expectRefused('', ERRORS.invalidBody, NOT_AN_OBJECT)
    })

    test('PUT with a JSON array or null is 400 invalid_body, and the previous set stays in force.', async () => {
      await expectRefused('[]', ERRORS.invalidBody, NOT_AN_OBJECT)
      await expectRefused('["server-error"]', ERRORS.invalidBody, NOT_AN_OBJECT)
      await expectRefused('null', ERRORS.invalidBody, NOT_AN_OBJECT)
    })

    test.each([
      ['{"scenarios": "server-error"}', [{ field: 'scenarios', message: SCENARIOS_FIELD_MESSAGE }]],
      ['{}', [{ field: 'scenarios', message: SCENARIOS_FIELD_MESSAGE }]],
      [
        '{"scenaros": ["server-error"], "x": 1}',
        [
          { field: 'scenarios', message: SCENARIOS_FIELD_MESSAGE },
          { field: 'scenaros', message: NOT_A_FIELD },
          { field: 'x', message: NOT_A_FIELD },
        ],
      ],
      ['{"scenarios": ["server-error"], "replace": true}', [{ field: 'replace', message: NOT_A_FIELD }]],
    ])('PUT %s is 400 invalid_body listing every mistake in errors.fields, and the previous set stays in force.', async (body, fields) => {
      expect((await sandbox().putScenarios(['no-data', 'slow'])).status).toBe(200)
      const answer = await sandbox().admin('scenario', { method: 'PUT', body })
      expectEnvelope(answer)
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toEqual({ error: ERRORS.invalidBody.error, detail: PortalError.invalid(fields).message, fields })
      await expectActive(sandbox(), ['no-data', 'slow'])
    })

    test('PUT with an inline definition without rules is 400 invalid_body naming the field "rules".', async () => {
      await expectRefused(scenario([]), ERRORS.invalidBody, /^Failed to load scenario "mine" \(admin API, scenarios\[0\]\): rules: /)
    })

    test('PUT with a rule forcing status 418 is 400 invalid_body naming rules[0].fail.status.', async () => {
      await expectRefused(
        scenario([{ fail: { status: 418 } }]),
        ERRORS.invalidBody,
        'Failed to load scenario "mine" (admin API, scenarios[0]): rules[0].fail.status: must be one of 400, 401, 403, 404, 429, 500, 503',
      )
    })

    test('PUT with an unknown field in a definition is 400 invalid_body naming the field.', async () => {
      await expectRefused(
        scenario([{ fail: { status: 500, bogus: true } }]),
        ERRORS.invalidBody,
        /rules\[0\]\.fail\.bogus: is not a field here/,
      )
      await expectRefused(scenario([{ data: 'none' }], { colour: 'red' }), ERRORS.invalidBody, /colour: is not a field here/)
      await expectRefused(scenario([{ match: { endpoint: 'projcts' }, data: 'none' }]), ERRORS.invalidBody, /rules\[0\]\.match\.endpoint/)
    })

    test('PUT with a rule that has no effect is 400 invalid_body naming the rule.', async () => {
      await expectRefused(
        scenario([{ match: { endpoint: 'projects' } }]),
        ERRORS.invalidBody,
        /rules\[0\]: a rule needs at least one effect/,
      )
    })

    test('PUT with a valid inline definition next to an invalid one adds neither to the catalogue.', async () => {
      const body = JSON.stringify({ scenarios: [overviewDown, { name: 'broken', description: 'x', rules: [] }] })
      await expectRefused(body, ERRORS.invalidBody, /scenarios\[1\]\): rules/)
      await expectRefused(
        JSON.stringify({ scenarios: [overviewDown, 'nope'] }),
        ERRORS.unknownScenario,
        `Unknown scenario "nope". ${AVAILABLE}`,
      )
      const names = ((await sandbox().admin('scenarios')).body.data.scenarios as Array<{ name: string }>).map((entry) => entry.name)
      expect(names).not.toContain('overview-down')
      expect(names).not.toContain('broken')
    })

    test('A PUT body over 64 KiB is 413 payload_too_large, and the previous set stays in force.', async () => {
      await sandbox().putScenarios(['no-data'])
      const body = JSON.stringify({ scenarios: ['no-data'], padding: 'x'.repeat(70 * 1024) })
      const answer = await sandbox().admin('scenario', { method: 'PUT', body })
      expectError(answer, ERRORS.payloadTooLarge)
      await expectActive(sandbox(), ['no-data'])
    })
  })

  describe('the admin API itself', () => {
    test('An unknown admin path is 404 not_found in the envelope, naming the admin endpoints, and at the root where the dashboard is.', async () => {
      for (const path of ['nope', 'scenario/extra', '']) {
        expectError(await sandbox().admin(path), ERRORS.notFound, adminNotFoundDetail(path))
      }
      expect(adminNotFoundDetail('nope')).toContain(ADMIN_ENDPOINTS)
      // curl's Accept is */*: at the root it is told where the page is.
      expect(adminNotFoundDetail('')).toContain('The dashboard is GET /__sandbox/ from a browser (Accept: text/html)')
    })

    test('A wrong method on an admin path is 405 method_not_allowed with an Allow header listing the allowed methods.', async () => {
      const cases: ReadonlyArray<readonly [string, string, string]> = [
        ['DELETE', 'scenario', 'GET, PUT'],
        ['POST', 'scenario', 'GET, PUT'],
        ['POST', 'health', 'GET'],
        ['PUT', 'scenarios', 'GET'],
        ['GET', 'reset', 'POST'],
        ['PUT', 'requests', 'GET, DELETE'],
      ]
      for (const [method, path, allow] of cases) {
        const answer = await sandbox().admin(path, { method, ...(method === 'PUT' || method === 'POST' ? { body: '{}' } : {}) })
        expectError(answer, ERRORS.methodNotAllowed, `Allowed here: ${allow}`)
        expect(answer.headers.get('allow'), `${method} ${path}`).toBe(allow)
      }
      await expectActive(sandbox(), [])
    })

    test('An admin path with a trailing slash is the same endpoint.', async () => {
      const answer = await sandbox().admin('health/')
      expectSuccess(answer, 'Sandbox is healthy')
    })
  })
})

describe('inline definitions given over HTTP', () => {
  const sandbox = useHttpSandbox({ now: TODAY })

  beforeEach(async () => {
    expectSuccess(await sandbox().admin('reset', { method: 'POST' }), 'Sandbox reset')
  })

  test('PUT /__sandbox/scenario with an inline definition activates it and adds it to the catalogue, selectable by name afterwards.', async () => {
    const put = await sandbox().putScenarios([overviewDown])
    expectSuccess(put, 'Scenarios activated')
    expect(put.body.data).toEqual({ active: ['overview-down'] })
    const down = await sandbox().api('overview', { headers: USER_101 })
    expectError(down, ERRORS.serviceUnavailable)
    expect(down.headers.get('retry-after')).toBe('30')
    expectSuccess(await sandbox().api('monitoring', { headers: USER_101 }), MESSAGES.monitoring(30))

    const scenarios = (await sandbox().admin('scenarios')).body.data.scenarios as Array<{
      name: string
      source: string
      description: string
      active: boolean
    }>
    expect(scenarios.find((entry) => entry.name === 'overview-down')).toEqual({
      name: 'overview-down',
      description: overviewDown.description,
      source: 'admin API, scenarios[0]',
      active: true,
    })

    await sandbox().putScenarios([])
    expectSuccess(await sandbox().api('overview', { headers: USER_101 }), MESSAGES.overview(30))
    expectError(
      await sandbox().api('overview', { headers: { ...USER_101, 'X-Sandbox-Scenario': 'overview-down' } }),
      ERRORS.serviceUnavailable,
    )
    expect((await sandbox().putScenarios(['overview-down'])).status).toBe(200)
    await expectActive(sandbox(), ['overview-down'])
  })

  test('POST /__sandbox/reset goes back to the start state: a built-in redefined inline is the built-in again, and added names are gone.', async () => {
    const redefined = { name: 'server-error', description: 'Redefined: 503 instead.', rules: [{ fail: { status: 503 } }] }
    expectSuccess(await sandbox().putScenarios([redefined, overviewDown]), 'Scenarios activated')
    expectError(await sandbox().api('projects', { headers: USER }), ERRORS.serviceUnavailable)
    expectSuccess(await sandbox().admin('reset', { method: 'POST' }), 'Sandbox reset')

    expectError(await sandbox().api('projects', { headers: { ...USER, 'X-Sandbox-Scenario': 'server-error' } }), ERRORS.projectsFailed)
    const scenarios = (await sandbox().admin('scenarios')).body.data.scenarios as Array<{
      name: string
      description: string
      source: string
    }>
    expect(scenarios.map(({ name, description, source }) => ({ name, description, source }))).toEqual(
      SCENARIO_FILES.map(({ name, description }) => ({ name, description, source: 'built-in' })),
    )
  })
})

describe('scenarios chosen in-process: sandbox.useScenario', () => {
  // Two independent sandboxes on two fictitious hosts: one only ever sees built-in names, the other inline definitions.
  const sandbox = createSandbox({ now: TODAY, baseUrl: 'http://sandbox.test' })
  const inline = createSandbox({ now: TODAY, baseUrl: 'http://inline.test' })
  const server = setupServer(...sandbox.handlers, ...inline.handlers)
  const api = (path: string, headers: Record<string, string>) => send(`http://sandbox.test/api/v1/${path}`, { headers })
  const inlineApi = (path: string, headers: Record<string, string>) => send(`http://inline.test/api/v1/${path}`, { headers })

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    await Promise.all([sandbox.ready(), inline.ready()])
  })
  afterEach(async () => {
    await Promise.all([sandbox.reset(), inline.reset()])
  })
  afterAll(() => server.close())

  test('useScenario replaces the set in force rather than adding to it.', async () => {
    sandbox.useScenario('server-error')
    expectError(await api('projects', USER), ERRORS.projectsFailed)
    sandbox.useScenario('no-data')
    expectSuccess(await api('projects', USER), MESSAGES.projects)
    expectSuccess(await api('monitoring', USER_101), MESSAGES.monitoring(0))
    sandbox.useScenario()
    expectSuccess(await api('monitoring', USER_101), MESSAGES.monitoring(30))
    expect(sandbox.requests.map((entry) => entry.scenarios)).toEqual([['server-error'], ['no-data'], ['no-data'], []])
  })

  test('useScenario with an unknown name throws a ConfigError listing the available names and leaves the set unchanged.', async () => {
    sandbox.useScenario('no-data')
    expect(() => sandbox.useScenario('server-error', 'nope')).toThrow(ConfigError)
    expect(() => sandbox.useScenario('nope')).toThrow(`Unknown scenario "nope". ${AVAILABLE}`)
    expectSuccess(await api('monitoring', USER_101), MESSAGES.monitoring(0))
    expect(sandbox.requests.at(-1)?.scenarios).toEqual(['no-data'])
  })

  test('useScenario with an invalid definition throws a ConfigError naming the field and leaves the set unchanged.', async () => {
    sandbox.useScenario('no-data')
    const bad = JSON.parse('{"name": "bad", "description": "Bad.", "rules": [{"fail": {"status": 418}}]}') as ScenarioInput
    expect(() => sandbox.useScenario(bad)).toThrow(ConfigError)
    expect(() => sandbox.useScenario(bad)).toThrow(
      'Failed to load scenario "bad" (useScenario argument 1): rules[0].fail.status: must be one of 400, 401, 403, 404, 429, 500, 503',
    )
    expectSuccess(await api('monitoring', USER_101), MESSAGES.monitoring(0))
    expect(() => sandbox.useScenario('bad')).toThrow(ConfigError)
  })

  test('The X-Sandbox-Scenario header works in-process too, for its own request only.', async () => {
    const [withHeader, without] = await Promise.all([
      api('projects', { ...USER, 'X-Sandbox-Scenario': 'server-error' }),
      api('projects', USER),
    ])
    expectError(withHeader, ERRORS.projectsFailed)
    expectSuccess(without, MESSAGES.projects)
    const unknown = await api('projects', { 'X-API-Key': DOCUMENTED_KEYS.user, 'X-Sandbox-Scenario': 'nope' })
    expectEnvelope(unknown)
    expectError(unknown, ERRORS.unknownScenario, `X-Sandbox-Scenario: Unknown scenario "nope". ${AVAILABLE}`)
  })

  test('useScenario accepts several names and inline definitions, in order, and an inline one is selectable by name afterwards.', async () => {
    inline.useScenario('no-data', overviewDown)
    expectError(await inlineApi('overview', USER_101), ERRORS.serviceUnavailable)
    expectSuccess(await inlineApi('monitoring', USER_101), MESSAGES.monitoring(0))
    expect(inline.requests.at(-1)?.scenarios).toEqual(['no-data', 'overview-down'])
    inline.useScenario('overview-down')
    expectError(await inlineApi('overview', USER_101), ERRORS.serviceUnavailable)
    expectSuccess(await inlineApi('monitoring', USER_101), MESSAGES.monitoring(30))
    // The other sandbox's catalogue is its own.
    expect(() => sandbox.useScenario('overview-down')).toThrow(ConfigError)
  })

  test('sandbox.reset() goes back to the initial state: a built-in redefined inline in one test is the built-in again in the next.', async () => {
    inline.useScenario({ name: 'server-error', description: 'Redefined: 503 instead.', rules: [{ fail: { status: 503 } }] })
    expectError(await inlineApi('projects', USER), ERRORS.serviceUnavailable)
    await inline.reset()
    inline.useScenario('server-error')
    expectError(await inlineApi('projects', USER), ERRORS.projectsFailed)
  })
})
