import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { ADMIN_TOKEN_RULE } from '../../src/server/serve-sandbox.js'
import { unknownCommandMessage } from '../../src/cli/run-cli.js'
import { REPORT_ERRORS } from '../../src/cli/report-command.js'
import { useTempDir } from '../support/temp-dir.js'
import { canListenOn, findFreePort, get, killAllCli, REPO_ROOT, runCli } from './run-cli.js'

interface ProjectsBody {
  readonly code: number
  readonly data: { readonly projects: ReadonlyArray<{ readonly id: number; readonly name: string }>; readonly total: number }
}

const DOCUMENTED_KEYS = ['sbx_user_alpha', 'sbx_project_101', 'sbx_user_beta', 'sbx_user_empty', 'sbx_user_expired', 'sbx_user_revoked']
const QUIET = ['--port', '0', '--now', '2026-03-01', '--log', 'none']
/** Like QUIET, but with the readable banner (`--log none` prints the ready line alone). */
const WITH_BANNER = ['--port', '0', '--now', '2026-03-01', '--log', 'pretty']
const MONITORING = 'monitoring?start_date=2025-12-01&end_date=2026-02-28'

/** A complete, valid fixtures document with one user, one USER key and one project (id 7). */
function customFixtures(): Record<string, unknown> {
  return {
    users: [{ id: 1, name: 'Custom Account' }],
    api_keys: [
      { key: 'my_key_123456', name: 'My key', level: 'USER', user_id: 1, project_id: null, expiry: '2099-12-31T23:59:59Z', revoked: false },
    ],
    projects: [
      {
        id: 7,
        user_id: 1,
        name: 'lucky-seven',
        display_name: 'Lucky Seven',
        domain: 'lucky-seven.example',
        region: 'US',
        language: 'en',
        status: 'active',
        created_at: '2024-01-10T12:00:00Z',
        providers: ['chatgpt', 'gemini'],
        data_regions: ['US'],
        topics: [{ name: 'dice', brands: ['Lucky Seven', 'Snake Eyes'] }],
      },
    ],
  }
}

const temp = useTempDir('cli')
const writeTemp = temp.write

afterEach(async () => {
  await killAllCli()
})

describe('starting with the default data', () => {
  test('The CLI prints a banner with the API URL, every documented key and a curl line, and serves the three projects of sbx_user_alpha.', async () => {
    const cli = runCli(WITH_BANNER)
    const url = await cli.waitForUrl()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/$/)
    const banner = cli.stdout()
    for (const key of DOCUMENTED_KEYS) expect(banner).toContain(key)
    expect(banner).toMatch(/^ {2}Try {4}curl -H 'X-API-Key: sbx_user_alpha' http:\/\/127\.0\.0\.1:\d+\/api\/v1\/projects$/m)
    expect(banner).toContain('2026-03-01')

    const answer = await get(`${url}projects`, 'sbx_user_alpha')
    expect(answer.status).toBe(200)
    const body = JSON.parse(answer.text) as ProjectsBody
    expect(body.data.total).toBe(3)
    expect(body.data.projects.map((project) => project.id)).toEqual([101, 102, 103])
  })

  test('The PORT environment variable chooses the port when --port is not given.', async () => {
    const port = await findFreePort()
    const cli = runCli(['--now', '2026-03-01', '--log', 'none'], { env: { PORT: String(port) } })
    const url = await cli.waitForUrl()
    expect(url).toBe(`http://127.0.0.1:${port}/api/v1/`)
    expect((await get(`${url}validate`, 'sbx_user_alpha')).status).toBe(200)
  })
})

describe('listening', () => {
  test('The --host option binds the IPv4 loopback address given and the banner URL shows it.', async () => {
    const cli = runCli(['--host', '127.0.0.1', ...QUIET])
    const url = await cli.waitForUrl()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/$/)
    expect((await get(`${url}projects`, 'sbx_user_alpha')).status).toBe(200)
  })

  test('The --host option binds the IPv6 loopback address in brackets in the banner URL (or localhost where IPv6 is unavailable).', async () => {
    if (await canListenOn('::1')) {
      const cli = runCli(['--host', '::1', ...QUIET])
      const url = await cli.waitForUrl()
      expect(url).toMatch(/^http:\/\/\[::1\]:\d+\/api\/v1\/$/)
      expect((await get(`${url}projects`, 'sbx_user_alpha')).status).toBe(200)
    } else {
      const cli = runCli(['--host', 'localhost', ...QUIET])
      const url = await cli.waitForUrl()
      expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/v1\/$/)
      expect((await get(`${url}projects`, 'sbx_user_alpha')).status).toBe(200)
    }
  })
})

describe('the admin token', () => {
  test('--admin-token or ANALYTICS_SANDBOX_ADMIN_TOKEN with a space at an end (as .env files leave) exits 1 with one line, as no client could send it.', async () => {
    for (const [args, env] of [
      [['--admin-token', ' secret '], {}],
      [[], { ANALYTICS_SANDBOX_ADMIN_TOKEN: 'secret\r' }],
    ] as const) {
      const cli = runCli([...args, ...QUIET], { env })
      expect((await cli.waitForExit()).code).toBe(1)
      expect(cli.stderr()).toBe(`analytics-sandbox: ${ADMIN_TOKEN_RULE}\n`)
    }
  })
})

describe('fixtures files', () => {
  test('A fixtures file that begins with a UTF-8 byte order mark, as some editors write it, is read as the JSON after it.', async () => {
    const path = await writeTemp('with-bom.json', `\uFEFF${JSON.stringify(customFixtures())}`)
    const cli = runCli(['--fixtures', path, ...QUIET])
    const url = await cli.waitForUrl()
    expect((await get(`${url}projects`, 'my_key_123456')).status).toBe(200)
  })

  test('A valid custom fixtures file is served instead of the default data.', async () => {
    const path = await writeTemp('custom.json', JSON.stringify(customFixtures(), null, 2))
    const cli = runCli(['--fixtures', path, ...WITH_BANNER])
    const url = await cli.waitForUrl()
    expect(cli.stdout()).toContain(path)

    const answer = await get(`${url}projects`, 'my_key_123456')
    expect(answer.status).toBe(200)
    const body = JSON.parse(answer.text) as ProjectsBody
    expect(body.data.total).toBe(1)
    expect(body.data.projects).toEqual([
      {
        id: 7,
        name: 'lucky-seven',
        display_name: 'Lucky Seven',
        domain: 'lucky-seven.example',
        region: 'US',
        language: 'en',
        status: 'active',
        created_at: '2024-01-10T12:00:00Z',
      },
    ])
    expect((await get(`${url}projects`, 'sbx_user_alpha')).status).toBe(401)
  })
})

describe('help and version', () => {
  test('The --help option exits with code 0 and lists every option and an Examples section.', async () => {
    const cli = runCli(['--help'])
    const exit = await cli.waitForExit()
    expect(exit.code).toBe(0)
    const help = cli.stdout()
    for (const flag of ['--port', '--host', '--fixtures', '--seed', '--generate-projects', '--now', '--latency', '--scenario', '--log']) {
      expect(help).toContain(flag)
    }
    expect(help).toMatch(/^Examples:/m)
  })

  test('analytics-sandbox help prints the same help as --help and exits with code 0.', async () => {
    const [word, flag] = [runCli(['help']), runCli(['--help'])]
    expect((await word.waitForExit()).code).toBe(0)
    expect((await flag.waitForExit()).code).toBe(0)
    expect(word.stdout()).toBe(flag.stdout())
  })

  test.each(['report', 'verify'])('analytics-sandbox help %s prints that command’s help, as its --help does.', async (command) => {
    const [word, flag] = [runCli(['help', command]), runCli([command, '--help'])]
    expect((await word.waitForExit()).code).toBe(0)
    expect((await flag.waitForExit()).code).toBe(0)
    expect(word.stdout()).toBe(flag.stdout())
    expect(word.stdout()).toContain(`Usage: analytics-sandbox ${command}`)
  })

  test.each([
    [['--prot', '0'], "analytics-sandbox: unknown option '--prot' (Did you mean --port?)"],
    [['repotr', '--url', 'x'], `analytics-sandbox: ${unknownCommandMessage('repotr')}`],
    [['--log', 'xml'], "analytics-sandbox: option '--log <format>' argument 'xml' is invalid. Allowed choices are pretty, json, none."],
    [['report', '--min-coverage', '80'], `analytics-sandbox report: ${REPORT_ERRORS.urlOrCommand}`],
    [['--json'], "analytics-sandbox: unknown option '--json' (Did you mean --log json?)"],
    [['report', '--json', '--url', 'x'], "analytics-sandbox report: unknown option '--json' (Did you mean --format json?)"],
    [['mutate', '--markdown', '--', 'true'], "analytics-sandbox mutate: unknown option '--markdown' (Did you mean --format markdown?)"],
  ])('A usage mistake (%j) exits non-zero with one line on stderr, named after the command, suggestion included.', async (args, line) => {
    const cli = runCli(args)
    expect((await cli.waitForExit()).code).not.toBe(0)
    expect(cli.stderr()).toBe(`${line}\n`)
  })

  test('The --version option prints the version of package.json and exits with code 0.', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
    const cli = runCli(['--version'])
    const exit = await cli.waitForExit()
    expect(exit.code).toBe(0)
    expect(cli.stdout().trim()).toBe(version)
  })
})

describe('stopping', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)('A running server exits with code 0 within a few seconds of receiving %s.', async (signal) => {
    const cli = runCli(QUIET)
    const url = await cli.waitForUrl()
    expect((await get(`${url}validate`, 'sbx_user_alpha')).status).toBe(200)
    cli.child.kill(signal)
    const exit = await cli.waitForExit(5_000)
    expect(exit).toEqual({ code: 0, signal: null })
  })
})

describe('determinism across processes', () => {
  test('Two processes with the same seed and date answer byte-identically, and a different seed answers monitoring differently.', async () => {
    const a = runCli(['--seed', '7', ...QUIET])
    const b = runCli(['--seed', '7', ...QUIET])
    const c = runCli(['--seed', '8', ...QUIET])
    const [urlA, urlB, urlC] = await Promise.all([a.waitForUrl(), b.waitForUrl(), c.waitForUrl()])
    const requests: ReadonlyArray<readonly [string, string]> = [
      [MONITORING, 'sbx_project_101'],
      ['overview', 'sbx_project_101'],
      ['projects', 'sbx_user_alpha'],
    ]
    for (const [path, key] of requests) {
      const [fromA, fromB] = await Promise.all([get(`${urlA}${path}`, key), get(`${urlB}${path}`, key)])
      expect(fromA.status, path).toBe(200)
      expect(fromB.status, path).toBe(200)
      expect(fromB.text, path).toBe(fromA.text)
    }
    const [seven, eight] = await Promise.all([
      get(`${urlA}${MONITORING}`, 'sbx_project_101'),
      get(`${urlC}${MONITORING}`, 'sbx_project_101'),
    ])
    expect(eight.status).toBe(200)
    expect(eight.text).not.toBe(seven.text)
  })

  test('The --generate-projects option adds an account of that many projects, each with its own project key, generated identically for the same seed.', async () => {
    const args = ['--generate-projects', '50', '--seed', '3', ...WITH_BANNER]
    const a = runCli(args)
    const b = runCli(args)
    const [urlA, urlB] = await Promise.all([a.waitForUrl(15_000), b.waitForUrl(15_000)])
    expect(a.stdout()).toContain('sbx_user_generated')

    const [fromA, fromB] = await Promise.all([get(`${urlA}projects`, 'sbx_user_generated'), get(`${urlB}projects`, 'sbx_user_generated')])
    expect(fromA.status).toBe(200)
    const body = JSON.parse(fromA.text) as ProjectsBody
    expect(body.data.total).toBe(50)
    expect(body.data.projects).toHaveLength(50)
    expect(fromB.text).toBe(fromA.text)

    const first = body.data.projects[0]
    expect(first).toBeDefined()
    const validate = await get(`${urlA}validate`, `sbx_project_${first!.id}`)
    expect(validate.status).toBe(200)
  })
})

describe('latency', () => {
  test('The --latency option delays every answer by at least the given milliseconds.', async () => {
    const cli = runCli(['--latency', '300', ...QUIET])
    const url = await cli.waitForUrl()
    const started = performance.now()
    const answer = await get(`${url}validate`, 'sbx_user_alpha')
    const elapsed = performance.now() - started
    expect(answer.status).toBe(200)
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(3_000)
  })
})

describe('strict mode', () => {
  /** What `GET /projects?startDate=…` (a parameter the real API would ignore) gets from a bin started so. */
  const misreadStatus = async (args: readonly string[], env?: Record<string, string>) => {
    const cli = runCli([...args, ...QUIET], env === undefined ? {} : { env })
    const url = await cli.waitForUrl()
    return (await get(`${url}projects?startDate=2026-01-01`, 'sbx_user_alpha')).status
  }

  test('--strict and ANALYTICS_SANDBOX_STRICT=1 answer a request the real API would misread with 400.', async () => {
    expect(await misreadStatus(['--strict'])).toBe(400)
    expect(await misreadStatus([], { ANALYTICS_SANDBOX_STRICT: '1' })).toBe(400)
  })

  test('ANALYTICS_SANDBOX_STRICT=0 leaves strict mode off: the request is answered 200 with its warning (the values that do: env-flag.test.ts).', async () => {
    expect(await misreadStatus([])).toBe(200)
    expect(await misreadStatus([], { ANALYTICS_SANDBOX_STRICT: '0' })).toBe(200)
  })
})

describe('request log', () => {
  test('The --log json option writes one JSON object per request with method, path, status and a masked key.', async () => {
    const cli = runCli(['--port', '0', '--now', '2026-03-01', '--log', 'json'])
    const url = await cli.waitForUrl()
    expect((await get(`${url}projects`, 'sbx_user_alpha')).status).toBe(200)
    expect((await get(`${url}validate`)).status).toBe(401)
    await cli.waitForStdout(/"path":"\/api\/v1\/validate"/)

    const lines = cli
      .stdout()
      .split('\n')
      .filter((line) => line !== '')
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.event !== 'listening')
    expect(entries).toHaveLength(2)
    const [projects, validate] = entries
    expect(projects).toMatchObject({ method: 'GET', path: '/api/v1/projects', status: 200 })
    expect(typeof projects!.key).toBe('string')
    expect(projects!.key).not.toBe('')
    expect(String(projects!.key)).not.toContain('sbx_user_alpha')
    expect(validate).toMatchObject({ method: 'GET', path: '/api/v1/validate', status: 401 })

    const logged = lines.filter((line) => !line.includes('"event":"listening"')).join('\n')
    expect(logged).not.toContain('sbx_user_alpha')
  })

  test('The request log masks a key the sandbox knows wherever the request put it: query, path, the admin path of a key deleted by that request.', async () => {
    const cli = runCli(['--port', '0', '--now', '2026-03-01', '--log', 'json'])
    const url = await cli.waitForUrl()
    const origin = new URL(url).origin
    await get(`${url}projects?auth=sbx_user_alpha`)
    await get(`${url}projects?k%65y=sbx_user_beta`)
    await get(`${url}sbx_user_empty/projects`)
    expect((await fetch(`${origin}/__sandbox/keys/sbx_user_revoked`, { method: 'DELETE' })).status).toBe(200)
    await cli.waitForStdout(/"method":"DELETE"/)
    const logged = cli
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{') && !line.includes('"event":"listening"'))
      .map((line) => (JSON.parse(line) as { path: string }).path)
    expect(logged).toEqual([
      '/api/v1/projects?auth=sbx_us…ha',
      '/api/v1/projects?k%65y=sbx_us…ta',
      '/api/v1/sbx_us…ty/projects',
      '/__sandbox/keys/sbx_us…oked',
    ])
  })

  test('The --log pretty option writes a readable line per request that never shows the whole key.', async () => {
    const cli = runCli(['--port', '0', '--now', '2026-03-01', '--log', 'pretty'])
    const url = await cli.waitForUrl()
    expect((await get(`${url}projects`, 'sbx_user_alpha')).status).toBe(200)
    const line = await cli.waitForStdout(/^.*GET \/api\/v1\/projects.*$/m)
    expect(line).toContain('200')
    expect(line).not.toContain('sbx_user_alpha')

    const out = cli.stdout()
    const bannerEnd = out.indexOf('\n', out.indexOf('  Try    '))
    expect(bannerEnd).toBeGreaterThan(0)
    expect(out.slice(bannerEnd)).not.toContain('sbx_user_alpha')
  })
})
