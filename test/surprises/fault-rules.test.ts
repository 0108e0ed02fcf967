import { afterEach, describe, expect, it } from 'vitest'
import { useHttpSandbox } from '../scenarios/helpers.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { useTempDir } from '../support/temp-dir.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { DEFINED_TWICE } from '../../src/scenarios/scenario-catalogue.js'
import { faultFieldMisplaced, faultFieldRange } from '../../src/vocabulary/fault-fields.js'

const temp = useTempDir('fault-rules')
const definition = (rules: unknown[]) => ({ name: 'mine', description: 'A fault of my own', rules })

afterEach(async () => {
  await killAllCli()
})

describe('fault and variant rules in scenario definitions', () => {
  const sandbox = useHttpSandbox({ now: '2026-03-01' })

  it.each([
    [
      [{ fault: { type: 'socket-hangup' } }],
      'rules[0].fault.type: must be one of connection-reset, empty-reply, truncated-body, gateway-html, gateway-timeout, slow-body, invalid-json, bandwidth, slow-headers, cut-after',
    ],
    [[{ fail: { status: 500 }, fault: { type: 'empty-reply' } }], 'rules[0].fault: a rule has fail or fault, not both'],
    [
      [{ fault: { type: 'gateway-timeout', delay: 600_001 } }],
      'rules[0].fault.delay: must be milliseconds, a whole number from 0 to 600000',
    ],
    [[{ fault: { type: 'empty-reply', duration: 10 } }], `rules[0].fault.duration: ${faultFieldMisplaced('duration')}`],
    [[{ fault: { type: 'bandwidth', bytes_per_second: 0 } }], `rules[0].fault.bytes_per_second: ${faultFieldRange('bytes_per_second')}`],
    [
      [{ fault: { type: 'bandwidth', bytes_per_second: 10_000_001 } }],
      `rules[0].fault.bytes_per_second: ${faultFieldRange('bytes_per_second')}`,
    ],
    [[{ fault: { type: 'bandwidth', bytes_per_second: 2.5 } }], `rules[0].fault.bytes_per_second: ${faultFieldRange('bytes_per_second')}`],
    [
      [{ fault: { type: 'slow-body', bytes_per_second: 100 } }],
      `rules[0].fault.bytes_per_second: ${faultFieldMisplaced('bytes_per_second')}`,
    ],
    [[{ fault: { type: 'cut-after', bytes: -1 } }], `rules[0].fault.bytes: ${faultFieldRange('bytes')}`],
    [[{ fault: { type: 'cut-after', bytes: 100_000_001 } }], `rules[0].fault.bytes: ${faultFieldRange('bytes')}`],
    [[{ fault: { type: 'truncated-body', bytes: 10 } }], `rules[0].fault.bytes: ${faultFieldMisplaced('bytes')}`],
    [[{ fault: { type: 'bandwidth', duration: 1000 } }], `rules[0].fault.duration: ${faultFieldMisplaced('duration')}`],
    [[{ fault: { type: 'slow-headers', delay: 1000 } }], `rules[0].fault.delay: ${faultFieldMisplaced('delay')}`],
    [[{ variant: 'tiny' }], 'rules[0].variant: must be one of extra-fields, project-status, trend, sparse, unicode, large'],
    [
      [{ fault: { type: 'fault-connection-reset' } }],
      'rules[0].fault.type: must be one of connection-reset, empty-reply, truncated-body, gateway-html, gateway-timeout, slow-body, invalid-json, bandwidth, slow-headers, cut-after, keepalive-close: write connection-reset, without "fault-", which only the built-in scenario\'s name has',
    ],
    [
      [{ variant: 'variant-trend' }],
      'rules[0].variant: must be one of extra-fields, project-status, trend, sparse, unicode, large: write trend, without "variant-", which only the built-in scenario\'s name has',
    ],
  ])('PUT of %j is 400 invalid_body naming the rule and the valid values, and the scenarios in force stay', async (rules, message) => {
    expect((await sandbox().putScenarios(['no-data'])).status).toBe(200)
    const answer = await sandbox().putScenarios([definition(rules)])
    expect(answer.status).toBe(400)
    expect(answer.body.errors.error).toBe(ERRORS.invalidBody.error)
    expect(answer.body.errors.detail).toContain(message)
    expect(await sandbox().activeNames()).toEqual(['no-data'])
  })

  it('PUT of a bad definition lists each mistake in errors.fields at its field of the body, and a name defined twice at the second', async () => {
    const before = await sandbox().activeNames()
    const answer = await sandbox().putScenarios(['no-data', definition([{ fault: { type: 'fault-empty-reply', rate: 2 } }])])
    expect(answer.status).toBe(400)
    expect(answer.body.errors.fields).toEqual([
      {
        field: 'scenarios[1].rules[0].fault.type',
        message: expect.stringContaining('write empty-reply, without "fault-"'),
      },
      { field: 'scenarios[1].rules[0].fault.rate', message: expect.any(String) },
    ])
    const twice = await sandbox().putScenarios([definition([{ data: 'none' }]), definition([{ variant: 'trend' }])])
    expect(twice.status).toBe(400)
    expect(twice.body.errors.fields).toEqual([{ field: 'scenarios[1].name', message: DEFINED_TWICE }])
    expect(await sandbox().activeNames()).toEqual(before)
  })

  it('PUT of an item that is neither a name nor a definition names the item itself in errors.fields', async () => {
    const answer = await sandbox().putScenarios([5])
    expect(answer.status).toBe(400)
    expect(answer.body.errors.fields).toEqual([{ field: 'scenarios[0]', message: expect.any(String) }])
  })

  it('POST /__sandbox/sessions with a bad definition lists its mistakes at their fields, as PUT does', async () => {
    const origin = new URL(sandbox().url).origin
    const response = await fetch(`${origin}/__sandbox/sessions`, {
      method: 'POST',
      body: JSON.stringify({ scenarios: [definition([{ variant: 'variant-trend' }])] }),
    })
    expect(response.status).toBe(400)
    expect((await response.json()).errors.fields).toEqual([
      { field: 'scenarios[0].rules[0].variant', message: expect.stringContaining('write trend, without "variant-"') },
    ])
  })

  it('PUT of a rule with several mistakes lists every one of them', async () => {
    const answer = await sandbox().putScenarios([definition([{ fault: { type: 'nope', delay: -1 }, variant: 'tiny' }])])
    expect(answer.status).toBe(400)
    expect(answer.body.errors.detail).toContain('rules[0].fault.type')
    expect(answer.body.errors.detail).toContain('rules[0].fault.delay')
    expect(answer.body.errors.detail).toContain('rules[0].variant')
  })

  it('takes a fault rule scoped by match, and the variant rule beside it, with the others untouched', async () => {
    const rules = [{ match: { endpoint: 'overview' }, fault: { type: 'gateway-html' } }, { variant: 'trend' }]
    expect((await sandbox().putScenarios([definition(rules)])).status).toBe(200)
    const headers = { 'X-API-Key': 'sbx_user_alpha', 'X-Project-ID': '101' }
    expect((await fetch(`${sandbox().url}overview`, { headers })).status).toBe(502)
    expect((await fetch(`${sandbox().url}monitoring`, { headers })).status).toBe(200)
    await sandbox().putScenarios([])
  })

  it('refuses a scenario file with a bad fault at start-up with one line naming the file, the rule and the valid values', async () => {
    const file = await temp.write('mine.json', JSON.stringify(definition([{ fault: { type: 'socket-hangup' } }])))
    const cli = runCli(['--port', '0', '--scenario', file, '--log', 'none'])
    const exit = await cli.waitForExit()
    expect(exit.code).toBe(1)
    const lines = cli.stderr().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('mine.json')
    expect(lines[0]).toContain('rules[0].fault.type: must be one of connection-reset')
  })
})
