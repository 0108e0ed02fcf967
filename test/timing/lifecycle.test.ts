/**
 * Lifecycle and exposure hardening of the standalone server (`node dist/cli/main.cjs`): graceful shutdown
 * on SIGTERM and SIGINT, start-up failures on bad files (one line naming the culprit, with and
 * without --debug), where it listens, the admin token, and keys in the request log and journal.
 * Every server is reached through 127.0.0.1, including those bound to 0.0.0.0.
 */
import { execFileSync } from 'node:child_process'
import { chmod, mkdir } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { closeServer, killAllCli, occupyPort, runCli, type CliProcess } from '../cli/run-cli.js'
import { expectConforming } from '../support/expect-conforming.js'
import { useTempDir } from '../support/temp-dir.js'
import { toAnswer } from '../support/transport.js'
import { destroyAllRaw, envelopeOf, getRequest, openRaw, sleep } from '../hardening/raw-http.js'
import { READY_LINE } from '../../src/cli/format-banner.js'

const NOW = '2026-03-01'
const QUIET = ['--port', '0', '--now', NOW, '--log', 'none']
/**
 * A grace the shutdown tests give, far longer than an exit takes: a process that waited it out (or
 * for its connections) is told from one that exits at once by half of it, however busy the machine.
 * How soon it exits is measured in \`npm run bench\` (the shutdown rows).
 */
const LONG_GRACE_MS = 12_000
const STACK_LINE = /^\s+at /m
const DOCUMENTED_KEYS = [
  'sbx_user_alpha',
  'sbx_project_101',
  'sbx_user_beta',
  'sbx_user_empty',
  'sbx_user_expired',
  'sbx_user_revoked',
] as const
const ADMIN_HEADER = 'X-Sandbox-Admin-Token'
const MADE_UP_TOKEN = /^ {9}requires X-Sandbox-Admin-Token: (\S+) \(made up/m

const temp = useTempDir('hardening-lifecycle')

/** For the sequential groups: every process and socket of the test is gone before the next one. */
function cleanUpAfterEach(): void {
  afterEach(async () => {
    destroyAllRaw()
    await killAllCli()
  })
}

// The concurrent groups' tests end their own processes and sockets (a shared hook would end those of
// tests still running: vitest runs adjacent concurrent groups side by side). Whatever is left goes here.
afterAll(async () => {
  destroyAllRaw()
  await killAllCli()
})

/** The port of a banner URL. */
function portOf(url: string): number {
  return Number(new URL(url).port)
}

/** A request through 127.0.0.1 to `path` on `port`; returns the status and the parsed envelope. */
async function call(port: number, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
  const url = `http://127.0.0.1:${port}${path}`
  const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(5_000) })
  const text = await response.text()
  expectConforming({ method, url, status: response.status, text })
  return { status: response.status, text, envelope: envelopeOf({ status: response.status, body: text }) }
}

/** The local addresses (`a.b.c.d`) on which something listens on TCP `port`, from /proc/net/tcp; undefined without /proc. */
function listeningAddresses(port: number): string[] | undefined {
  let table: string
  try {
    table = readFileSync('/proc/net/tcp', 'utf8')
  } catch {
    return undefined
  }
  const addresses: string[] = []
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/)
    const [hexAddress, hexPort] = (fields[1] ?? '').split(':')
    if (fields[3] !== '0A' || hexAddress === undefined || hexPort === undefined || Number.parseInt(hexPort, 16) !== port) continue
    const bytes = (hexAddress.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)).reverse()
    addresses.push(bytes.join('.'))
  }
  return addresses
}

// These tests wait for real time to pass (latency, grace periods), so they run side by side; each
// ends its own process and sockets.
describe.concurrent('graceful shutdown', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s 100 ms into a request delayed 3 s (--latency 3000): the request still gets its 200 answer, new connections are refused meanwhile, and the process exits 0 after the answer without waiting out the grace.',
    async (signal) => {
      // The wait leaves a wide window to see new connections refused in; the long grace tells an exit after the answer from one after the grace.
      const cli = runCli([...QUIET, '--latency', '3000', '--shutdown-grace', String(LONG_GRACE_MS)])
      try {
        const port = portOf(await cli.waitForUrl())
        const client = await openRaw(port)
        client.write(getRequest('/api/v1/projects', { 'X-API-Key': 'sbx_user_alpha', Connection: 'close' }))
        await sleep(100)
        const signalledAt = performance.now()
        cli.child.kill(signal)

        // New connections are refused once the signal is handled (well before the answer is due).
        let refusal: string | undefined
        const refuseBy = performance.now() + 2_500
        while (refusal === undefined && performance.now() < refuseBy) {
          try {
            ;(await openRaw(port, 300)).destroy()
            await sleep(25)
          } catch (error) {
            refusal = (error as NodeJS.ErrnoException).code ?? String(error)
          }
        }
        // A connection the kernel queued just as the listening socket closed is reset rather than refused: not served either way.
        expect(['ECONNREFUSED', 'ECONNRESET']).toContain(refusal)

        const [answer] = await client.waitForResponses(1, 8_000)
        const answeredAt = performance.now()
        expect(answer?.status).toBe(200)
        expect(envelopeOf(answer!).data).toMatchObject({ total: 3 })

        const exit = await cli.waitForExit(LONG_GRACE_MS + 5_000)
        const exitedAt = performance.now()
        console.log(
          `[lifecycle] ${signal}: answer ${Math.round(answeredAt - signalledAt)} ms after the signal, exit ${Math.round(exitedAt - answeredAt)} ms after the answer`,
        )
        expect(exit).toEqual({ code: 0, signal: null })
        expect(exitedAt).toBeGreaterThanOrEqual(answeredAt)
        expect(exitedAt - answeredAt).toBeLessThan(LONG_GRACE_MS / 2)
        expect(cli.stderr()).toBe('')
        client.destroy()
      } finally {
        await cli.kill()
      }
    },
  )

  test('Once the in-flight answer of a shutdown is sent on a keep-alive connection, the process exits instead of keeping that connection open until the grace runs out.', async () => {
    // A long grace, so that waiting it out cannot pass for a slow exit: how soon it exits is measured in the bench.
    const cli = runCli([...QUIET, '--latency', '800', '--shutdown-grace', String(LONG_GRACE_MS)])
    try {
      const port = portOf(await cli.waitForUrl())
      const client = await openRaw(port)
      client.write(getRequest('/api/v1/validate', { 'X-API-Key': 'sbx_user_alpha' }))
      await sleep(100)
      cli.child.kill('SIGTERM')
      const [answer] = await client.waitForResponses(1, 3_000)
      const answeredAt = performance.now()
      expect(answer?.status).toBe(200)
      const exit = await cli.waitForExit(LONG_GRACE_MS + 5_000)
      const lingered = performance.now() - answeredAt
      console.log(
        `[lifecycle] SIGTERM, keep-alive client: exit ${Math.round(lingered)} ms after the drained answer (Connection: ${answer?.headers.connection ?? '(none)'})`,
      )
      expect(exit).toEqual({ code: 0, signal: null })
      expect(
        lingered,
        `exited ${Math.round(lingered)} ms after the drained answer, which said Connection: ${answer?.headers.connection ?? '(none)'}; the server closed the connection ${client.closedAfterMs() === undefined ? 'never' : `${Math.round(client.closedAfterMs()!)} ms after it was opened`}`,
      ).toBeLessThan(LONG_GRACE_MS / 2)
      client.destroy()
    } finally {
      await cli.kill()
    }
  })

  test('SIGTERM with only idle keep-alive connections open exits 0 without waiting for them or the grace.', async () => {
    const cli = runCli([...QUIET, '--shutdown-grace', String(LONG_GRACE_MS)])
    try {
      const port = portOf(await cli.waitForUrl())
      const clients = await Promise.all(Array.from({ length: 5 }, () => openRaw(port)))
      for (const client of clients) client.write(getRequest('/api/v1/validate', { 'X-API-Key': 'sbx_user_alpha' }))
      await Promise.all(clients.map((client) => client.waitForResponses(1)))
      const signalledAt = performance.now()
      cli.child.kill('SIGTERM')
      expect(await cli.waitForExit(LONG_GRACE_MS + 5_000)).toEqual({ code: 0, signal: null })
      expect(performance.now() - signalledAt).toBeLessThan(LONG_GRACE_MS / 2)
      for (const client of clients) client.destroy()
    } finally {
      await cli.kill()
    }
  })

  test('SIGTERM while a request is held 30 s by the timeout scenario exits 0 once the shutdown grace (--shutdown-grace 1000) is over, cutting that request.', async () => {
    const cli = runCli([...QUIET, '--shutdown-grace', '1000'])
    try {
      const port = portOf(await cli.waitForUrl())
      const client = await openRaw(port)
      client.write(getRequest('/api/v1/validate', { 'X-API-Key': 'sbx_user_alpha', 'X-Sandbox-Scenario': 'timeout' }))
      await sleep(100)
      const signalledAt = performance.now()
      cli.child.kill('SIGTERM')
      expect(await cli.waitForExit(8_000)).toEqual({ code: 0, signal: null })
      const took = performance.now() - signalledAt
      console.log(`[lifecycle] SIGTERM with a request held 30 s: exit after ${Math.round(took)} ms`)
      expect(took).toBeGreaterThan(900)
      expect(took).toBeLessThan(2_500)
      await client.waitForClose(1_000)
      expect(client.responses()).toEqual([])
      client.destroy()
    } finally {
      await cli.kill()
    }
  }, 15_000)
})

/** A start-up failure case: the arguments, made once the temporary folder exists, and what the message must name. */
interface FailureCase {
  readonly name: string
  prepare(): Promise<{ readonly args: string[]; readonly culprit: string; readonly cleanup?: () => Promise<void> }>
}

const YAML_FIXTURES = 'users:\n  - id: 1\n    name: Alpha\napi_keys: []\nprojects: []\n'
const YAML_SCENARIO = 'name: mine\ndescription: A scenario written in YAML by mistake\nrules: []\n'

const FAILURES: readonly FailureCase[] = [
  {
    name: 'a fixtures path that is a directory',
    async prepare() {
      const path = temp.path('fixtures-dir.json')
      await mkdir(path, { recursive: true })
      return { args: ['--fixtures', path], culprit: path }
    },
  },
  {
    name: 'a scenario path that is a directory',
    async prepare() {
      const path = temp.path('scenario-dir.json')
      await mkdir(path, { recursive: true })
      return { args: ['--scenario', path], culprit: path }
    },
  },
  {
    name: 'a scenario file that does not exist',
    async prepare() {
      const path = temp.path('no-such-scenario.json')
      return { args: ['--scenario', path], culprit: path }
    },
  },
  {
    name: 'a scenario file that is not JSON (one line)',
    async prepare() {
      const path = await temp.write('broken-scenario.json', '{ "name": ')
      return { args: ['--scenario', path], culprit: path }
    },
  },
  {
    name: 'a scenario file without a description',
    async prepare() {
      const path = await temp.write('no-description.json', JSON.stringify({ name: 'mine', rules: [] }))
      return { args: ['--scenario', path], culprit: path }
    },
  },
  {
    name: 'a fixtures file written in YAML (several lines, not JSON)',
    async prepare() {
      const path = await temp.write('fixtures.yaml.json', YAML_FIXTURES)
      return { args: ['--fixtures', path], culprit: path }
    },
  },
  {
    name: 'a scenario file written in YAML (several lines, not JSON)',
    async prepare() {
      const path = await temp.write('scenario.yaml.json', YAML_SCENARIO)
      return { args: ['--scenario', path], culprit: path }
    },
  },
  {
    name: 'a fixtures file whose whole content is null',
    async prepare() {
      const path = await temp.write('null-fixtures.json', 'null\n')
      return { args: ['--fixtures', path], culprit: path }
    },
  },
  {
    name: 'a port already in use',
    async prepare() {
      const { server, port } = await occupyPort('127.0.0.1')
      return { args: ['--port', String(port)], culprit: String(port), cleanup: () => closeServer(server) }
    },
  },
  {
    name: 'an unknown flag',
    async prepare() {
      return { args: ['--bogus-flag'], culprit: '--bogus-flag' }
    },
  },
]

/** Runs the CLI expecting a start-up failure: exit 1 and one stderr line naming `culprit`, no stack trace. */
async function expectOneLineFailure(cli: CliProcess, culprit: string): Promise<void> {
  // Fails at once if a server starts instead (the banner's URL), rather than waiting for an exit that never comes.
  const outcome = await Promise.race([
    cli.waitForExit(8_000).then((exit) => ({ exit, url: undefined })),
    cli.waitForUrl(8_000).then(
      (url) => ({ exit: undefined, url }),
      () => new Promise<never>(() => undefined),
    ),
  ])
  if (outcome.exit === undefined) expect.fail(`a server started at ${outcome.url} instead of refusing to start; stdout:\n${cli.stdout()}`)
  const { exit } = outcome
  expect(exit.code, `stderr: ${cli.stderr()}`).toBe(1)
  const lines = cli.stderr().trimEnd().split('\n')
  expect(lines, `stderr: ${JSON.stringify(cli.stderr())}`).toHaveLength(1)
  expect(lines[0]).toContain(culprit)
  expect(cli.stderr()).not.toMatch(STACK_LINE)
  expect(cli.stdout()).not.toMatch(READY_LINE)
}

describe.concurrent('start-up failures', () => {
  test.each(FAILURES.map((failure) => [failure.name, failure] as const))(
    'Starting with %s exits 1 with one line naming it, without a stack trace, with and without --debug.',
    async (_name, failure) => {
      const { args, culprit, cleanup } = await failure.prepare()
      try {
        const plain = runCli(['--port', '0', '--log', 'none', ...args])
        const debug = runCli(['--port', '0', '--log', 'none', '--debug', ...args])
        try {
          await expectOneLineFailure(plain, culprit)
          await expectOneLineFailure(debug, culprit)
        } finally {
          await Promise.all([plain.kill(), debug.kill()])
        }
      } finally {
        await cleanup?.()
      }
    },
  )

  // Root reads a chmod 000 file anyway (the directory cases above stand in for it there), so this
  // runs only for other users; it is left out rather than skipped, as a skip counts as a failure in a failing module.
  const asRoot = process.getuid?.() === 0
  if (!asRoot)
    test('A fixtures file the user may not read (chmod 000) exits 1 with one line naming it.', async () => {
      const path = await temp.write('unreadable.json', '{}')
      await chmod(path, 0o000)
      const cli = runCli(['--fixtures', path, ...QUIET])
      try {
        await expectOneLineFailure(cli, path)
      } finally {
        await cli.kill()
      }
    })

  test('A fixtures path that is a named pipe nobody writes to does not hang the CLI: it exits 1 naming the path (and if not, at least SIGTERM stops it).', async () => {
    const path = temp.path('fixtures.fifo.json')
    try {
      execFileSync('mkfifo', [path])
    } catch {
      console.log('[lifecycle] mkfifo is not available: named-pipe test not run')
      return
    }
    const cli = runCli(['--fixtures', path, ...QUIET])
    try {
      const exit = await cli.waitForExit(3_000).catch(() => undefined)
      if (exit === undefined) {
        cli.child.kill('SIGTERM')
        const afterTerm = await cli.waitForExit(3_000).catch(() => undefined)
        expect.fail(
          `still starting 3 s later (blocked opening the pipe); then SIGTERM: ${afterTerm === undefined ? 'still running 3 s after it: only SIGKILL stops it' : `exited ${JSON.stringify(afterTerm)}`}`,
        )
      }
      expect(exit.code).toBe(1)
      expect(cli.stderr().trimEnd().split('\n')).toHaveLength(1)
      expect(cli.stderr()).toContain(path)
    } finally {
      await cli.kill()
    }
  })
})

describe('exposure: where it listens and the admin token', () => {
  cleanUpAfterEach()

  test('By default the server listens on 127.0.0.1 only, the admin API needs no token, and neither banner (pretty, json) mentions one.', async () => {
    const pretty = runCli(['--port', '0', '--now', NOW])
    const json = runCli(['--port', '0', '--now', NOW, '--log', 'json'])
    const [prettyUrl, jsonUrl] = await Promise.all([pretty.waitForUrl(), json.waitForUrl()])
    expect(prettyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/$/)
    expect(pretty.stdout()).not.toContain(ADMIN_HEADER)
    const banner = JSON.parse(json.stdout().split('\n')[0] ?? '') as { admin: unknown }
    expect(banner.admin).toEqual({ token_required: false })

    const addresses = listeningAddresses(portOf(prettyUrl))
    if (addresses !== undefined) expect(addresses).toEqual(['127.0.0.1'])
    for (const url of [prettyUrl, jsonUrl]) {
      const health = await call(portOf(url), '/__sandbox/health')
      expect(health.status).toBe(200)
      expect(health.envelope.data).toMatchObject({ status: 'ok', today: NOW })
    }
  })

  test('Bound to 0.0.0.0 (reached through 127.0.0.1), the banner prints a made-up token; the admin API answers 401 admin_token_required without it or with a wrong one and 200 with it; the API itself needs no admin token.', async () => {
    const cli = runCli(['--port', '0', '--now', NOW, '--host', '0.0.0.0'])
    const other = runCli(['--port', '0', '--now', NOW, '--host', '0.0.0.0'])
    const [url] = await Promise.all([cli.waitForUrl(), other.waitForUrl()])
    expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/api\/v1\/$/)
    const port = portOf(url)
    const addresses = listeningAddresses(port)
    if (addresses !== undefined) expect(addresses).toEqual(['0.0.0.0'])

    const token = MADE_UP_TOKEN.exec(cli.stdout())?.[1]
    expect(token, cli.stdout()).toBeDefined()
    expect(token!.length).toBeGreaterThanOrEqual(16)
    expect(MADE_UP_TOKEN.exec(other.stdout())?.[1]).not.toBe(token)

    const attempts: Array<Record<string, string>> = [
      {},
      { [ADMIN_HEADER]: 'wrong' },
      { [ADMIN_HEADER]: `${token!}x` },
      { [ADMIN_HEADER]: token!.slice(0, -1) },
    ]
    for (const headers of attempts) {
      const denied = await call(port, '/__sandbox/requests', headers)
      expect(denied.status, JSON.stringify(headers)).toBe(401)
      expect(denied.envelope.errors.error).toBe('admin_token_required')
      expect(denied.text).not.toContain(token!)
    }
    const put = await call(port, '/__sandbox/scenario', { 'Content-Type': 'application/json' }, 'PUT', '{"scenarios":["server-error"]}')
    expect(put.status).toBe(401)
    const reset = await call(port, '/__sandbox/reset', {}, 'POST')
    expect(reset.status).toBe(401)

    const journal = await call(port, '/__sandbox/requests', { [ADMIN_HEADER]: token! })
    expect(journal.status).toBe(200)
    // Health tells nothing secret, so container and CI health checks reach it without the token.
    const health = await call(port, '/__sandbox/health')
    expect(health.status).toBe(200)
    expect(health.envelope.data).toMatchObject({ status: 'ok', active_scenarios: [] })

    const api = await call(port, '/api/v1/projects', { 'X-API-Key': 'sbx_user_alpha' })
    expect(api.status).toBe(200)
    expect(api.envelope.data).toMatchObject({ total: 3 })
  })

  test('Bound to 0.0.0.0 with --log json, the banner carries admin {token_required: true, token}, and that token opens the admin API.', async () => {
    const cli = runCli(['--port', '0', '--now', NOW, '--host', '0.0.0.0', '--log', 'json'])
    const port = portOf(await cli.waitForUrl())
    const banner = JSON.parse(cli.stdout().split('\n')[0] ?? '') as { admin: { token_required: boolean; token?: string } }
    expect(banner.admin.token_required).toBe(true)
    expect(typeof banner.admin.token).toBe('string')
    expect((await call(port, '/__sandbox/requests')).status).toBe(401)
    expect((await call(port, '/__sandbox/requests', { [ADMIN_HEADER]: banner.admin.token! })).status).toBe(200)
  })

  test('With --admin-token on loopback, the admin API requires that token; the banners say a token is required but never print it; the API needs no admin token.', async () => {
    const secret = 's3cret-admin-token-value'
    const pretty = runCli(['--port', '0', '--now', NOW, '--admin-token', secret])
    const json = runCli(['--port', '0', '--now', NOW, '--admin-token', secret, '--log', 'json'])
    const [prettyUrl, jsonUrl] = await Promise.all([pretty.waitForUrl(), json.waitForUrl()])
    expect(pretty.stdout()).toMatch(/requires X-Sandbox-Admin-Token/)
    expect((JSON.parse(json.stdout().split('\n')[0] ?? '') as { admin: unknown }).admin).toEqual({ token_required: true })
    for (const url of [prettyUrl, jsonUrl]) {
      const port = portOf(url)
      const denied = await call(port, '/__sandbox/requests')
      expect(denied.status).toBe(401)
      expect(denied.envelope.errors.error).toBe('admin_token_required')
      expect((await call(port, '/__sandbox/requests', { [ADMIN_HEADER]: 'S3CRET-admin-token-value' })).status).toBe(401)
      expect((await call(port, '/__sandbox/requests', { [ADMIN_HEADER]: secret })).status).toBe(200)
      expect((await call(port, '/__sandbox/health')).status).toBe(200)
      expect((await call(port, '/api/v1/validate', { 'X-API-Key': 'sbx_user_alpha' })).status).toBe(200)
    }
    expect(pretty.stdout()).not.toContain(secret)
    expect(json.stdout()).not.toContain(secret)
  })

  test('The 401 of the admin API on a loopback-bound server with a token does not tell the client the sandbox is reachable from other machines.', async () => {
    const cli = runCli([...QUIET, '--admin-token', 's3cret'])
    const denied = await call(portOf(await cli.waitForUrl()), '/__sandbox/requests')
    expect(denied.status).toBe(401)
    expect(denied.envelope.errors.detail).toContain(ADMIN_HEADER)
    expect(denied.envelope.errors.detail).not.toMatch(/reachable from other machines/i)
  })

  test('ANALYTICS_SANDBOX_ADMIN_TOKEN works like --admin-token, on loopback and on 0.0.0.0 (where no token is then made up).', async () => {
    const secret = 'env-admin-token-1234'
    const loopback = runCli(QUIET, { env: { ANALYTICS_SANDBOX_ADMIN_TOKEN: secret } })
    const anyAddress = runCli(['--port', '0', '--now', NOW, '--host', '0.0.0.0'], { env: { ANALYTICS_SANDBOX_ADMIN_TOKEN: secret } })
    const [loopbackUrl, anyUrl] = await Promise.all([loopback.waitForUrl(), anyAddress.waitForUrl()])
    expect(MADE_UP_TOKEN.test(anyAddress.stdout())).toBe(false)
    expect(anyAddress.stdout()).toMatch(/requires X-Sandbox-Admin-Token/)
    expect(anyAddress.stdout()).not.toContain(secret)
    for (const url of [loopbackUrl, anyUrl]) {
      const port = portOf(url)
      expect((await call(port, '/__sandbox/requests')).status).toBe(401)
      expect((await call(port, '/__sandbox/requests', { [ADMIN_HEADER]: secret })).status).toBe(200)
      expect((await call(port, '/api/v1/projects', { 'X-API-Key': 'sbx_user_beta' })).status).toBe(200)
    }
  })

  test.each([
    ['--admin-token ""', ['--admin-token', ''], {}],
    ['ANALYTICS_SANDBOX_ADMIN_TOKEN=""', [], { ANALYTICS_SANDBOX_ADMIN_TOKEN: '' }],
  ] as const)(
    'Bound to 0.0.0.0 with an empty admin token (%s), the admin API is not left open: the CLI refuses to start naming the token, or still requires one.',
    async (_name, extra, env) => {
      const cli = runCli(['--port', '0', '--now', NOW, '--log', 'none', '--host', '0.0.0.0', ...extra], { env })
      // An exit before the banner makes waitForUrl reject: that is the refusal this test accepts.
      const started = await Promise.race([
        cli.waitForUrl().then(
          () => true,
          () => false,
        ),
        cli.waitForExit().then(() => false),
      ])
      if (!started) {
        expect((await cli.waitForExit()).code).toBe(1)
        expect(cli.stderr()).toMatch(/admin.token|ADMIN_TOKEN/i)
        return
      }
      const port = portOf(await cli.waitForUrl())
      const open = await call(port, '/__sandbox/requests')
      expect(open.status, 'GET /__sandbox/requests without any token on a server bound to 0.0.0.0').toBe(401)
      const put = await call(port, '/__sandbox/scenario', { 'Content-Type': 'application/json' }, 'PUT', '{"scenarios":["server-error"]}')
      expect(put.status).toBe(401)
    },
  )
})

describe('exposure: keys in the request log and the journal', () => {
  cleanUpAfterEach()

  const ADMIN_TOKEN = 'log-check-admin-token-42'
  const UNKNOWN_KEYS = ['sbx_live_0123456789abcdef', 'sbx_user_alpha_but_longer', 'short'] as const
  const KEYS = [...DOCUMENTED_KEYS, 'sbx_user_generated', 'sbx_project_1001', ...UNKNOWN_KEYS]
  /** Every key that must never appear whole in the log or the journal (long enough to be a key). */
  const SECRETS = KEYS.filter((key) => key.length >= 12)

  /** Requests with every key on every endpoint, a few error paths and the admin API; returns how many API requests were sent. */
  async function sendEverything(port: number): Promise<number> {
    let sent = 0
    for (const key of KEYS) {
      const requests: Array<[string, Record<string, string>, string?]> = [
        ['/api/v1/validate', {}],
        ['/api/v1/projects', {}],
        ['/api/v1/monitoring?start_date=2026-01-01&end_date=2026-01-31', { 'X-Project-ID': '101' }],
        ['/api/v1/overview', { 'X-Project-ID': '101' }],
        ['/api/v1/overview', { 'X-Project-ID': '201' }],
        ['/api/v1/monitoring', { 'X-Sandbox-Scenario': 'server-error' }],
        ['/api/v1/nowhere', {}],
        ['/api/v1/projects', {}, 'POST'],
      ]
      for (const [path, headers, method = 'GET'] of requests) {
        const url = `http://127.0.0.1:${port}${path}`
        await toAnswer(await fetch(url, { method, headers: { 'X-API-Key': key, ...headers }, signal: AbortSignal.timeout(5_000) }), {
          method,
          url,
        })
        sent++
      }
    }
    // Twice the same key in one request, and an admin request carrying the token.
    const twice = `http://127.0.0.1:${port}/api/v1/validate`
    await toAnswer(
      await fetch(twice, {
        headers: [
          ['X-API-Key', 'sbx_user_alpha'],
          ['X-API-Key', 'sbx_user_beta'],
        ],
      }),
      { method: 'GET', url: twice },
    )
    sent++
    const health = `http://127.0.0.1:${port}/__sandbox/health`
    await toAnswer(await fetch(health, { headers: { [ADMIN_HEADER]: ADMIN_TOKEN } }), { method: 'GET', url: health })
    const marker = `http://127.0.0.1:${port}/api/v1/validate?marker=done`
    await toAnswer(await fetch(marker), { method: 'GET', url: marker })
    sent++
    return sent
  }

  test.each(['pretty', 'json'] as const)(
    'With --log %s, after requests with every documented, generated and unknown key on every endpoint, no request log line holds a full key or the admin token, and the journal holds none either.',
    async (format) => {
      const cli = runCli(['--port', '0', '--now', NOW, '--log', format, '--generate-projects', '2', '--admin-token', ADMIN_TOKEN])
      const port = portOf(await cli.waitForUrl())
      const sent = await sendEverything(port)
      await cli.waitForStdout('marker=done')

      const out = cli.stdout()
      let logLines: string[]
      if (format === 'pretty') {
        const bannerEnd = out.indexOf('\n', out.indexOf('  Try    '))
        expect(bannerEnd).toBeGreaterThan(0)
        const banner = out.slice(0, bannerEnd)
        for (const key of [...DOCUMENTED_KEYS, 'sbx_user_generated']) expect(banner).toContain(key)
        logLines = out
          .slice(bannerEnd)
          .split('\n')
          .filter((line) => line.trim() !== '')
      } else {
        logLines = out.split('\n').filter((line) => line !== '' && !line.includes('"event":"listening"'))
        for (const line of logLines) {
          const entry = JSON.parse(line) as { key: unknown }
          expect(entry.key === null || typeof entry.key === 'string').toBe(true)
        }
      }
      expect(logLines.length).toBeGreaterThanOrEqual(sent)
      const log = logLines.join('\n')
      for (const secret of [...SECRETS, ADMIN_TOKEN]) expect(log, `the request log holds ${secret}`).not.toContain(secret)
      // The documented mask shows the key's first six and last four characters (two for keys under 16).
      for (const key of DOCUMENTED_KEYS) expect(log).toContain(`${key.slice(0, 6)}…${key.slice(key.length >= 16 ? -4 : -2)}`)
      expect(out).not.toContain(ADMIN_TOKEN)

      const journal = await call(port, '/__sandbox/requests', { [ADMIN_HEADER]: ADMIN_TOKEN })
      expect(journal.status).toBe(200)
      const requests = journal.envelope.data.requests as ReadonlyArray<{ key: string | null }>
      expect(requests).toHaveLength(sent)
      for (const secret of [...SECRETS, ADMIN_TOKEN]) expect(journal.text, `the journal holds ${secret}`).not.toContain(secret)
    },
  )
})
