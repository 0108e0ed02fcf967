import { NOT_A_FIELD } from '../../../src/vocabulary/portal-error.js'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/vocabulary/config-error.js'
import { builtinScenarios } from '../../../src/scenarios/builtin-scenarios.js'
import { parseScenario } from '../../../src/scenarios/parse-scenario.js'
import { BAD_REQUEST_CODES, FORCEABLE_STATUSES } from '../../../src/contract/scenario-schema.js'

const SOURCE = 'my-scenario.json'
const NAME_RULE = 'must be 1-64 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit'

/** A valid scenario named `mine`, with `changes` applied. */
function scenario(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'mine', description: 'A scenario of my own', rules: [{ data: 'none' }], ...changes }
}

/** A valid scenario named `mine` whose only rule is `rule`. */
function withRule(rule: Record<string, unknown>): Record<string, unknown> {
  return scenario({ rules: [rule] })
}

/** The message of the ConfigError `parseScenario` throws for `input`; fails the test if it does not throw one. */
function failure(input: unknown, source = SOURCE): string {
  try {
    parseScenario(input, source)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).message
  }
  throw new Error(`parseScenario accepted ${JSON.stringify(input)}`)
}

describe('parseScenario with valid input', () => {
  it('parses every built-in scenario unchanged, as embedded in builtin-scenarios.ts', () => {
    expect(builtinScenarios.length).toBeGreaterThanOrEqual(7)
    for (const builtin of builtinScenarios) {
      expect(parseScenario(builtin, `scenarios/${builtin.name}.json`)).toEqual(builtin)
    }
  })

  it('parses every file in scenarios/, $schema included, to the same scenario as its embedded copy', () => {
    const files = readdirSync(new URL('../../../scenarios/', import.meta.url)).filter((file) => file.endsWith('.json'))
    expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual(builtinScenarios.map((builtin) => builtin.name).sort())
    for (const file of files) {
      const input: unknown = JSON.parse(readFileSync(new URL(`../../../scenarios/${file}`, import.meta.url), 'utf8'))
      const parsed = parseScenario(input, `scenarios/${file}`)
      expect(parsed.$schema).toBe('../scenario.schema.json')
      const { $schema: _schema, ...rest } = parsed
      expect(rest).toEqual(builtinScenarios.find((builtin) => builtin.name === parsed.name))
    }
  })

  it('includes the product’s named built-ins: server-error, expired-keys, slow, flaky, rate-limited, empty-account and no-data', () => {
    const names = builtinScenarios.map((builtin) => builtin.name)
    expect(names).toEqual(
      expect.arrayContaining(['server-error', 'expired-keys', 'slow', 'flaky', 'rate-limited', 'empty-account', 'no-data']),
    )
    const rateLimited = builtinScenarios.find((builtin) => builtin.name === 'rate-limited')
    expect(rateLimited?.description).toMatch(/extension beyond the spec/i)
  })

  it('accepts a $schema field and keeps it', () => {
    expect(parseScenario(scenario({ $schema: './scenario.schema.json' }), SOURCE).$schema).toBe('./scenario.schema.json')
  })

  it('defaults fail.status to 500 when a rule gives none', () => {
    const parsed = parseScenario(withRule({ fail: { rate: 0.5 } }), SOURCE)
    expect(parsed.rules[0]?.fail).toEqual({ status: 500, rate: 0.5 })
  })

  it('accepts a name of exactly 64 characters and names with digits, dots, underscores and dashes', () => {
    for (const name of ['a'.repeat(64), '0', 'my.scenario_2-b']) {
      expect(parseScenario(scenario({ name }), SOURCE).name).toBe(name)
    }
  })

  it('accepts every effect, one or many match values, and each latency form', () => {
    const parsed = parseScenario(
      scenario({
        rules: [
          { description: 'slow beta', match: { key: 'sbx_user_beta' }, latency: '200-400' },
          { match: { endpoint: ['monitoring', 'overview'], project: [101, 102] }, latency: { min: 1, max: 2 } },
          { match: { endpoint: 'validate' }, latency: 250 },
          { keys: 'revoked' },
          { projects: 'hidden' },
          { fail: { status: 400, error: 'invalid_date' } },
          { fail: { status: 503, nth: [2, 3], retryAfter: 5 } },
          { rateLimit: { limit: 0, windowSeconds: 60 } },
        ],
      }),
      SOURCE,
    )
    expect(parsed.rules).toHaveLength(8)
    expect(parsed.rules[5]?.fail).toEqual({ status: 400, error: 'invalid_date' })
  })

  it('accepts every forceable status and every 400 code', () => {
    for (const status of FORCEABLE_STATUSES)
      expect(parseScenario(withRule({ fail: { status } }), SOURCE).rules[0]?.fail?.status).toBe(status)
    for (const error of BAD_REQUEST_CODES)
      expect(parseScenario(withRule({ fail: { status: 400, error } }), SOURCE).rules[0]?.fail?.error).toBe(error)
  })

  it('accepts a rate of exactly 1', () => {
    expect(parseScenario(withRule({ fail: { rate: 1 } }), SOURCE).rules[0]?.fail?.rate).toBe(1)
  })
})

describe('parseScenario with invalid input', () => {
  it('names no scenario when the name is missing, and says the name is required', () => {
    expect(failure({ description: 'd', rules: [{ data: 'none' }] })).toMatch(
      /^Failed to load scenario \(my-scenario\.json\): name: is required$/,
    )
  })

  it.each([
    ['upper case', 'Mine'],
    ['a space', 'my scenario'],
    ['65 characters', 'a'.repeat(65)],
    ['a leading dash', '-mine'],
    ['no characters', ''],
  ])('refuses a name with %s and explains the name rule', (_, name) => {
    expect(failure(scenario({ name }))).toBe(`Failed to load scenario "${name}" (${SOURCE}): name: ${NAME_RULE}`)
  })

  it('refuses a scenario without a description', () => {
    expect(failure({ name: 'mine', rules: [{ data: 'none' }] })).toMatch(
      /^Failed to load scenario "mine" \(my-scenario\.json\): description: .+/,
    )
  })

  it('refuses an empty description', () => {
    expect(failure(scenario({ description: '' }))).toMatch(/^Failed to load scenario "mine" \(my-scenario\.json\): description: .+/)
  })

  it('refuses an empty rules list', () => {
    expect(failure(scenario({ rules: [] }))).toBe(`Failed to load scenario "mine" (${SOURCE}): rules: needs at least one rule`)
  })

  it('refuses a rule without any effect and lists the effects', () => {
    expect(failure(withRule({ match: { endpoint: 'validate' }, description: 'nothing' }))).toBe(
      `Failed to load scenario "mine" (${SOURCE}): rules[0]: a rule needs at least one effect: latency, keys, projects, data, fail, rateLimit, fault, variant`,
    )
  })

  it('names the rule index of the first bad rule', () => {
    expect(failure(scenario({ rules: [{ data: 'none' }, { data: 'none' }, { data: 'all' }] }))).toMatch(
      /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[2\]\.data: /,
    )
  })

  it('refuses an unknown top-level field, naming it at the root', () => {
    expect(failure(scenario({ colour: 'red' }))).toBe(`Failed to load scenario "mine" (${SOURCE}): colour: ${NOT_A_FIELD}`)
  })

  it('refuses an unknown rule field, naming it', () => {
    expect(failure(withRule({ data: 'none', colour: 'red' }))).toBe(
      `Failed to load scenario "mine" (${SOURCE}): rules[0].colour: ${NOT_A_FIELD}`,
    )
  })

  it('refuses an unknown match field', () => {
    expect(failure(withRule({ data: 'none', match: { path: '/projects' } }))).toMatch(
      /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.match\.path: is not a field here$/,
    )
  })

  it('refuses an unknown match.endpoint, alone or in a list', () => {
    const expected =
      /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.match\.endpoint(\[\d\])?: .*validate, projects, monitoring, overview/
    expect(failure(withRule({ data: 'none', match: { endpoint: 'users' } }))).toMatch(expected)
    expect(failure(withRule({ data: 'none', match: { endpoint: ['validate', 'users'] } }))).toMatch(expected)
    expect(failure(withRule({ data: 'none', match: { endpoint: [] } }))).toMatch(expected)
  })

  it('refuses match.project 0 and other non-positive or fractional project ids', () => {
    const expected = /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.match\.project: .+/
    for (const project of [0, -1, 1.5, '101']) expect(failure(withRule({ data: 'none', match: { project } }))).toMatch(expected)
  })

  it('refuses an empty match.key', () => {
    expect(failure(withRule({ data: 'none', match: { key: '' } }))).toMatch(
      /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.match\.key: .+/,
    )
  })

  it('refuses fail.status 418 and lists the allowed statuses', () => {
    expect(failure(withRule({ fail: { status: 418 } }))).toBe(
      `Failed to load scenario "mine" (${SOURCE}): rules[0].fail.status: must be one of ${FORCEABLE_STATUSES.join(', ')}`,
    )
  })

  it('refuses fail.error on a status other than 400, given or defaulted', () => {
    const expected = `Failed to load scenario "mine" (${SOURCE}): rules[0].fail.error: error applies to status 400 only`
    expect(failure(withRule({ fail: { status: 500, error: 'invalid_date' } }))).toBe(expected)
    expect(failure(withRule({ fail: { status: 403, error: 'bad_request' } }))).toBe(expected)
    expect(failure(withRule({ fail: { error: 'invalid_date' } }))).toBe(expected)
  })

  it('refuses an unknown fail.error code and lists the known ones', () => {
    expect(failure(withRule({ fail: { status: 400, error: 'teapot' } }))).toBe(
      `Failed to load scenario "mine" (${SOURCE}): rules[0].fail.error: must be one of: ${BAD_REQUEST_CODES.join(', ')}`,
    )
    expect(BAD_REQUEST_CODES).toEqual(expect.arrayContaining(['bad_request', 'invalid_date', 'missing_project_id']))
  })

  it('refuses a fail with both rate and nth', () => {
    expect(failure(withRule({ fail: { rate: 0.5, nth: 1 } }))).toBe(
      `Failed to load scenario "mine" (${SOURCE}): rules[0].fail: give rate or nth, not both`,
    )
  })

  it.each([0, 1.5, -0.1])('refuses fail.rate %s', (rate) => {
    expect(failure(withRule({ fail: { rate } }))).toMatch(
      /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.fail\.rate: .+/,
    )
  })

  it('refuses fail.nth 0, alone or in a list, and an empty nth list', () => {
    const expected = /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.fail\.nth(\[\d+\])?: .+/
    expect(failure(withRule({ fail: { nth: 0 } }))).toMatch(expected)
    expect(failure(withRule({ fail: { nth: [1, 0] } }))).toMatch(expected)
    expect(failure(withRule({ fail: { nth: [] } }))).toMatch(expected)
  })

  it('refuses a retryAfter beyond a day', () => {
    expect(failure(withRule({ fail: { status: 429, retryAfter: 86_401 } }))).toMatch(/rules\[0\]\.fail\.retryAfter: .+/)
  })

  it('refuses latency "fast" and explains the accepted forms', () => {
    expect(failure(withRule({ latency: 'fast' }))).toBe(
      `Failed to load scenario "mine" (${SOURCE}): rules[0].latency: must be milliseconds such as "250" or a range such as "100-400" (min <= max <= 600000)`,
    )
  })

  it('refuses latency {min: 5, max: 1}', () => {
    expect(failure(withRule({ latency: { min: 5, max: 1 } }))).toBe(
      `Failed to load scenario "mine" (${SOURCE}): rules[0].latency: max must not be below min`,
    )
  })

  it('refuses a negative latency and one beyond ten minutes given as a number', () => {
    expect(failure(withRule({ latency: -1 }))).toMatch(/rules\[0\]\.latency: .+/)
    expect(failure(withRule({ latency: 600_001 }))).toMatch(/rules\[0\]\.latency: .+/)
  })

  it('refuses a latency range string whose max is below its min, as it refuses the object form', () => {
    // BUG: "400-100" matches the schema's regex, and parseLatency later turns it into undefined, so the
    // rule is accepted but silently adds no latency.
    expect(failure(withRule({ latency: '400-100' }))).toMatch(
      /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.latency: .+/,
    )
  })

  it('refuses a latency string beyond ten minutes, as it refuses the same number', () => {
    // BUG: the number and object forms stop at 600000 ms, but the string form accepts up to 999999 ms.
    expect(failure(withRule({ latency: '999999' }))).toMatch(
      /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.latency: .+/,
    )
  })

  it('refuses rateLimit.windowSeconds 0 and a negative limit', () => {
    expect(failure(withRule({ rateLimit: { limit: 1, windowSeconds: 0 } }))).toMatch(
      /^Failed to load scenario "mine" \(my-scenario\.json\): rules\[0\]\.rateLimit\.windowSeconds: .+/,
    )
    expect(failure(withRule({ rateLimit: { limit: -1, windowSeconds: 60 } }))).toMatch(/rules\[0\]\.rateLimit\.limit: .+/)
  })

  it('refuses input that is not an object, naming no scenario', () => {
    for (const input of [null, 'mine', 42, ['mine']])
      expect(failure(input)).toMatch(/^Failed to load scenario \(my-scenario\.json\): \(root\): .+/)
  })

  it('names the source it is given', () => {
    expect(failure(scenario({ rules: [] }), 'options.scenarios[3]')).toMatch(
      /^Failed to load scenario "mine" \(options\.scenarios\[3\]\): /,
    )
  })

  it('writes every message as a single line of the shape Failed to load scenario "<name>" (<source>): <path>: <why>', () => {
    const inputs = [
      withRule({ fail: { status: 418 } }),
      withRule({ fail: { status: 400, error: 'teapot' } }),
      withRule({ latency: 'fast' }),
      scenario({ extra: true }),
      scenario({ rules: [] }),
    ]
    for (const input of inputs) {
      const message = failure(input)
      expect(message).toMatch(/^Failed to load scenario "mine" \(my-scenario\.json\): [^:]+: .+$/)
      expect(message).not.toContain('\n')
    }
  })
})

describe('parseScenario: names and codes that do not belong', () => {
  it('keeps the message on one line when the invalid name holds a newline', () => {
    const message = failure(scenario({ name: 'bad\nname' }))
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toContain('"bad\\nname"')
  })

  it("refuses the admin API's own codes as a forced 400", () => {
    expect(BAD_REQUEST_CODES).not.toContain('unknown_scenario')
    expect(BAD_REQUEST_CODES).not.toContain('invalid_body')
    expect(failure(withRule({ fail: { status: 400, error: 'unknown_scenario' } }))).toContain('rules[0].fail.error')
  })
})
