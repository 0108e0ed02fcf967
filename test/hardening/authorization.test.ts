import { answeredNow } from '../support/answered-now.js'
/**
 * Authorization invariants as properties, over every key of the default fixtures plus random ones,
 * every project id of the fixtures plus random positive integers, every endpoint and optional query:
 * a key reads only what its level allows, expired and revoked keys get nothing, a missing or bad key
 * is 401 before anything else; with no scenario active and with `empty-account`.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSandboxCore, resolveSandboxConfig } from '../../src/sandbox/open-sandbox.js'
import type { TimedAnswer } from '../../src/core/core-request.js'
import { dispatch } from '../../src/core/dispatch.js'
import { fail } from '../../src/contract/envelope.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import type { SandboxCore } from '../../src/core/sandbox-core.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import {
  FIXTURES,
  FIXTURE_KEYS,
  KEY_CHECKED_SCENARIO_NAMES,
  TODAY,
  apiPathArb,
  describeProbe,
  dispatchProbe,
  expectCoreEnvelope,
  expectPredicted,
  fixtureKeyArb,
  keyRecord,
  knownPathArb,
  knownProjectIdArb,
  mayRead,
  methodArb,
  predict,
  predictProjectId,
  projectRecord,
  projectIdHeaderArb,
  queryArb,
  runs,
  unknownKeyArb,
  validQueryArb,
  visibleProjectIds,
  isUsable,
  type EnvelopeBody,
  type Probe,
} from './hardening-support.js'
import { THIS_PROCESS } from '../../src/sandbox/this-process.js'

let plain: SandboxCore
let emptyAccount: SandboxCore

beforeAll(async () => {
  plain = await createSandboxCore(resolveSandboxConfig({ now: TODAY }), THIS_PROCESS)
  emptyAccount = await createSandboxCore(resolveSandboxConfig({ now: TODAY, scenarios: ['empty-account'] }), THIS_PROCESS)
})

/** Dispatches and checks the answer against the contract, turning a throw into a failure that names the request. */
function send(core: SandboxCore, probe: Probe): TimedAnswer {
  return dispatchProbe(core, probe)
}

const text = (body: Uint8Array) => new TextDecoder().decode(body)
const UNAUTHORIZED_BODY = JSON.stringify(fail(ERRORS.unauthorized))

/** Every key of the fixtures (often) or a key that is not one. */
const anyKeyArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fixtureKeyArb },
  { weight: 2, arbitrary: unknownKeyArb },
  { weight: 1, arbitrary: fc.constant(undefined) },
)

/** X-Project-ID: a fixture project (often), a random positive integer, or a neighbour of a real id. */
const anyProjectIdArb: fc.Arbitrary<string | undefined> = fc.option(
  fc.oneof(
    { weight: 5, arbitrary: knownProjectIdArb },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000_000 }).map(String) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('1', '2', '3', '100', '104', '200', '202', '301', '1010', '10100') },
  ),
  { nil: undefined, freq: 5 },
)

const optionalQueryArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: validQueryArb },
  { weight: 1, arbitrary: queryArb },
)

const pathOf = (names: readonly string[]) =>
  fc.tuple(fc.constantFrom(...names), fc.boolean()).map(([name, slash]) => `/api/v1/${name}${slash ? '/' : ''}`)

const authProbeArb = (paths: fc.Arbitrary<string>): fc.Arbitrary<Probe> =>
  fc.record({ method: fc.constant('GET'), path: paths, query: optionalQueryArb, apiKey: anyKeyArb, projectId: anyProjectIdArb })

/** The project an analytics request is about: X-Project-ID, else a PROJECT key's own project. */
function targetOf(probe: Probe): number | undefined {
  const id = predictProjectId(probe.projectId)
  if (id === 'invalid') return undefined
  return id ?? keyRecord(probe.apiKey)?.project_id ?? undefined
}

/** Asserts that an analytics payload names only topics, brands and providers of `projectId`. */
function expectOnlyDataOf(projectId: number, body: EnvelopeBody, bodyText: string): void {
  const project = projectRecord(projectId)
  expect(project).toBeDefined()
  if (project === undefined) return
  const topics = new Map(project.topics.map((topic) => [topic.name, topic.brands]))
  const byTopics = body.data.brands_by_topics as Record<string, string[]>
  for (const [topic, brands] of Object.entries(byTopics)) {
    expect(topics.has(topic), `topic ${topic} is not one of project ${projectId}`).toBe(true)
    for (const brand of brands) expect(topics.get(topic)).toContain(brand)
  }
  const byProviders = body.data.brands_by_providers as Record<string, string[]> | undefined
  const ownBrands = new Set(project.topics.flatMap((topic) => topic.brands))
  for (const [provider, brands] of Object.entries(byProviders ?? {})) {
    expect(project.providers).toContain(provider)
    for (const brand of brands) expect(ownBrands.has(brand), `brand ${brand} is not one of project ${projectId}`).toBe(true)
  }
  // Nothing that belongs only to another project appears anywhere in the answer.
  const ownNames = new Set([...topics.keys(), ...ownBrands])
  for (const other of FIXTURES.projects) {
    if (other.id === projectId) continue
    for (const name of [...other.topics.map((topic) => topic.name), other.name, other.display_name, other.domain]) {
      if (!ownNames.has(name))
        expect(bodyText.includes(JSON.stringify(name)), `${name} of project ${other.id} leaks into project ${projectId}`).toBe(false)
    }
  }
}

describe('authorization invariants (no scenario active)', () => {
  it("answers 200 on /monitoring and /overview only for a project the key may see, with that project's data only, and always when it may", () => {
    fc.assert(
      fc.property(authProbeArb(pathOf(['monitoring', 'overview'])), (probe) => {
        const response = send(plain, probe)
        const body = expectCoreEnvelope(response)
        const expected = predict(probe)
        expectPredicted(response.status, body, expected)
        if (response.status !== 200) return
        const apiKey = keyRecord(probe.apiKey)
        const target = targetOf(probe)
        expect(apiKey !== undefined && isUsable(apiKey) && target !== undefined && mayRead(apiKey, target)).toBe(true)
        if (target !== undefined) expectOnlyDataOf(target, body, text(response.body))
      }),
      runs(3_000),
    )
  })

  it("lists on /projects exactly the projects of the key's account (USER) or its one project (PROJECT), never one of another account", () => {
    fc.assert(
      fc.property(authProbeArb(pathOf(['projects'])), (probe) => {
        const response = send(plain, probe)
        const body = expectCoreEnvelope(response)
        expectPredicted(response.status, body, predict(probe))
        if (response.status !== 200) return
        const apiKey = keyRecord(probe.apiKey)
        expect(apiKey).toBeDefined()
        if (apiKey === undefined) return
        const listed = body.data.projects as Array<{ id: number; name: string; domain: string }>
        expect(listed.map((project) => project.id)).toEqual(visibleProjectIds(apiKey))
        expect(body.data.total).toBe(listed.length)
        for (const project of listed) {
          const record = projectRecord(project.id)
          expect(record?.user_id).toBe(apiKey.user_id)
          expect(project.domain).toBe(record?.domain)
        }
      }),
      runs(1_000),
    )
  })

  it('answers /validate with an X-Project-ID with 200 only for a project the key may see, and describes the key that was sent', () => {
    fc.assert(
      fc.property(authProbeArb(pathOf(['validate'])), (probe) => {
        const response = send(plain, probe)
        const body = expectCoreEnvelope(response)
        expectPredicted(response.status, body, predict(probe))
        if (response.status !== 200) return
        const apiKey = keyRecord(probe.apiKey)
        expect(apiKey !== undefined && isUsable(apiKey)).toBe(true)
        if (apiKey === undefined) return
        const projectId = predictProjectId(probe.projectId)
        if (typeof projectId === 'number') expect(mayRead(apiKey, projectId)).toBe(true)
        expect(body.data).toEqual({
          valid: true,
          key_level: apiKey.level,
          user_id: apiKey.user_id,
          project_id: apiKey.project_id,
          expiry: apiKey.expiry,
        })
      }),
      runs(1_000),
    )
  })

  it('never answers an expired or revoked key with a 2xx, on any path, with any method, X-Project-ID, query or scenario header (but a fault, which comes before the key check)', () => {
    const scenarioHeaderArb = fc.option(
      fc.subarray([...KEY_CHECKED_SCENARIO_NAMES]).map((names) => names.join(',')),
      { nil: undefined },
    )
    fc.assert(
      fc.property(
        fc.record({
          method: methodArb,
          path: fc.oneof(knownPathArb, apiPathArb),
          query: queryArb,
          apiKey: fc.constantFrom(DOCUMENTED_KEYS.expired, DOCUMENTED_KEYS.revoked),
          projectId: fc.oneof(anyProjectIdArb, projectIdHeaderArb),
          scenario: scenarioHeaderArb,
        }),
        (probe) => {
          const response = send(plain, probe)
          expect(
            response.status === 404 || response.status === 405 || response.status === 401,
            `status ${response.status} for ${describeProbe(probe)}`,
          ).toBe(true)
        },
      ),
      runs(2_000),
    )
  })

  it('answers a missing or unknown key with the one 401 body on every endpoint, before X-Project-ID, the query and any combination of scenarios (but a fault, and variant-sparse which drops the detail)', () => {
    const scenarioHeaderArb = fc.option(
      fc.subarray([...KEY_CHECKED_SCENARIO_NAMES], { minLength: 1 }).map((names) => names.join(', ')),
      { nil: undefined, freq: 3 },
    )
    fc.assert(
      fc.property(
        fc.record({
          method: fc.constant('GET'),
          path: knownPathArb,
          query: queryArb,
          apiKey: fc.option(unknownKeyArb, { nil: undefined, freq: 4 }),
          projectId: fc.oneof(anyProjectIdArb, projectIdHeaderArb),
          scenario: scenarioHeaderArb,
        }),
        (probe) => {
          const response = send(plain, probe)
          expect(response.status).toBe(401)
          expect(text(response.body)).toBe(UNAUTHORIZED_BODY)
        },
      ),
      runs(2_000),
    )
  })

  it('never puts a full API key of the fixtures in an answer or in the request journal', async () => {
    const journaled = await createSandboxCore(resolveSandboxConfig({ now: TODAY }), THIS_PROCESS)
    fc.assert(
      fc.property(
        fc.record({
          method: methodArb,
          path: fc.oneof(knownPathArb, apiPathArb),
          query: optionalQueryArb,
          apiKey: anyKeyArb,
          projectId: anyProjectIdArb,
        }),
        (probe) => {
          const body = text(send(journaled, probe).body)
          for (const key of FIXTURE_KEYS) expect(body.includes(key), `${key} in the answer to ${describeProbe(probe)}`).toBe(false)
        },
      ),
      runs(1_000),
    )
    const journal = text(
      answeredNow(dispatch(journaled, { method: 'GET', path: '/__sandbox/requests', query: '', header: () => null })).body,
    )
    const entries = (JSON.parse(journal) as { data: { requests: Array<{ key: string | null }> } }).data.requests
    expect(entries.length).toBeGreaterThan(0)
    for (const key of FIXTURE_KEYS) expect(journal.includes(key), `${key} in the journal`).toBe(false)
    for (const entry of entries)
      if (entry.key !== null) expect(entry.key.length <= 11 && entry.key.includes('…'), `journal key ${entry.key}`).toBe(true)
  })
})

describe('authorization invariants under empty-account', () => {
  const checkNothingServed = (core: SandboxCore, scenario: string | undefined) => {
    fc.assert(
      fc.property(authProbeArb(knownPathArb), (plainProbe) => {
        const probe: Probe = { ...plainProbe, scenario }
        const response = send(core, probe)
        const body = expectCoreEnvelope(response)
        expectPredicted(response.status, body, predict(probe, { emptyAccount: true }))
        if (response.status !== 200) return
        const path = probe.path.replace(/\/$/, '')
        expect(path.endsWith('/monitoring') || path.endsWith('/overview')).toBe(false)
        if (path.endsWith('/projects')) expect(body.data).toEqual({ projects: [], total: 0 })
        if (path.endsWith('/validate')) expect(predictProjectId(probe.projectId)).toBeUndefined()
      }),
      runs(1_500),
    )
  }

  it('serves no project when empty-account is active: /monitoring and /overview never 200, /projects lists none, /validate with X-Project-ID never 200', () => {
    checkNothingServed(emptyAccount, undefined)
  })

  it('serves no project when a request names empty-account in X-Sandbox-Scenario, and the next request without it is served again', () => {
    checkNothingServed(plain, 'empty-account')
    const after = send(plain, { method: 'GET', path: '/api/v1/projects', query: '', apiKey: DOCUMENTED_KEYS.user })
    expect(after.status).toBe(200)
    expect((expectCoreEnvelope(after).data.projects as unknown[]).length).toBe(3)
  })
})

describe('authorization generators', () => {
  it('produce both allowed and refused reads of every fixture project', () => {
    const seen = new Set<string>()
    for (const probe of fc.sample(authProbeArb(pathOf(['monitoring', 'overview'])), runs(3_000))) {
      const target = targetOf(probe)
      const expected = predict(probe)
      if (target !== undefined && projectRecord(target) !== undefined) seen.add(`${target}:${expected.status}`)
    }
    for (const project of FIXTURES.projects) {
      expect(seen).toContain(`${project.id}:200`)
      expect(seen).toContain(`${project.id}:403`)
    }
  })
})
