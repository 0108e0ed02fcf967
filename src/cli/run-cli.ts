import { createRequire } from 'node:module'
import { Command, Option } from 'commander'
import { ConfigError } from '../vocabulary/config-error.js'
import { resolveSandboxConfig } from '../sandbox/open-sandbox.js'
import { formatCalendarDate, dayOfInstant } from '../vocabulary/calendar-date.js'
import { createLogSink } from './create-log-sink.js'
import { isEnvFlagOn } from './env-flag.js'
import { oneLineErrors } from './one-line-error.js'
import { formatBanner, formatTokenNote, type BannerFacts } from './format-banner.js'
import { readScenarioArguments } from './flag-readers.js'
import { readFixturesFile } from './read-fixtures-file.js'
import { createRequestLogger, type LogFormat } from '../server/request-logger.js'
import { serveSandbox } from '../server/serve-sandbox.js'
import { listenForRun } from '../server/run-report.js'
import { keepTickShapes } from '../server/keep-tick-shapes.js'
import { formatScenarioList } from './format-scenario-list.js'
import type { SandboxOptions } from '../sandbox/sandbox-options.js'
import * as inputSchemas from '../contract/input-schemas.js'
import { provideInputSchemas } from '../contract/load-input-schemas.js'
import { THIS_PROCESS } from '../sandbox/this-process.js'
import { optionOf } from './option-of.js'
import { OPTIONS } from '../vocabulary/options.js'

// The bin is one bundle, so the schemas are in it whatever happens; the library loads them on demand.
provideInputSchemas(inputSchemas)

/** The package's version: package.json sits two folders up from dist/cli/, where this runs from. */
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }

/** The port the command line listens on by default, where the library picks a free one. */
const CLI_PORT = 4010

/** Options as commander parses them. */
interface CliOptions {
  port: number
  host: string
  fixtures?: string
  seed: number
  generateProjects?: number
  now?: string
  latency?: string
  scenario: string[]
  log: LogFormat
  listScenarios?: boolean
  adminToken?: string
  strict?: boolean
  clientReport: boolean
  maxSessions: number
  sessionTtl: number
  headersTimeout: number
  keepAliveTimeout: number
  shutdownGrace: number
  debug?: boolean
}

/**
 * The `analytics-sandbox` command: flags, then the server (or the scenario list).
 *
 * @example
 * await createProgram(onStop).parseAsync(['node', 'analytics-sandbox', '--port', '0'])
 */
function createProgram(onStop: (stop: () => Promise<void>) => void): Command {
  return new Command()
    .name('analytics-sandbox')
    .description(
      'A faithful, fast, deterministic sandbox of the Analytics Public API (GET /api/v1/validate, projects, monitoring, overview).',
    )
    .version(version)
    .configureOutput(oneLineErrors('analytics-sandbox', (text) => void process.stderr.write(text), { '--json': '--log json' }))
    .addOption(optionOf('port', { default: CLI_PORT }))
    .addOption(optionOf('host'))
    .addOption(optionOf('fixtures'))
    .addOption(optionOf('seed'))
    .addOption(optionOf('generateProjects', { default: null }))
    .addOption(optionOf('now'))
    .addOption(optionOf('latency'))
    .addOption(optionOf('scenario', { default: [] }))
    .addOption(new Option('--list-scenarios', 'list the scenarios (built-in and given) and exit'))
    .addOption(new Option('--log <format>', 'request log format').choices(['pretty', 'json', 'none']).default('pretty'))
    .addOption(optionOf('strict'))
    .addOption(optionOf('clientReport'))
    .addOption(optionOf('maxSessions'))
    .addOption(optionOf('sessionTtl'))
    .addOption(optionOf('adminToken', { help: 'token the admin API requires (made up when --host is not loopback)' }))
    .addOption(
      new Option('--exit-with-parent', 'stop when the process that started the sandbox (through npx too) ends').env(
        'ANALYTICS_SANDBOX_EXIT_WITH_PARENT',
      ),
    )
    .addOption(optionOf('headersTimeout'))
    .addOption(optionOf('keepAliveTimeout'))
    .addOption(optionOf('shutdownGrace'))
    .addOption(new Option('--debug', 'print stack traces of start-up failures'))
    .addHelpText(
      'after',
      `
Commands:
  report --url <url>                               which outcomes of the API a client's tests met, and their warnings;
                                                   analytics-sandbox report --help
  verify --base-url <url> --api-key <key>          check a deployment (the real API or a sandbox) against the contract;
                                                   analytics-sandbox verify --help
  mutate -- <test command>                         which broken answers a suite would not notice, and which allowed ones
                                                   break it; analytics-sandbox mutate --help

Examples:
  $ analytics-sandbox                              # http://127.0.0.1:4010/api/v1/ with the default data
  $ analytics-sandbox --port 0 --log none          # any free port; prints only "… listening on <url>"
  $ analytics-sandbox --port 0 --exit-with-parent  # for a harness: stops when the harness ends
  $ analytics-sandbox --now 2026-01-15 --seed 7    # reproducible dates and values
  $ analytics-sandbox --fixtures ./my-data.json    # your own users, keys and projects
  $ analytics-sandbox --generate-projects 500      # plus 500 generated projects (key sbx_user_generated)
  $ analytics-sandbox --scenario flaky --seed 7    # a seeded 30 % of requests fail with 500
  $ analytics-sandbox --scenario ./my-scenario.json --scenario slow
  $ analytics-sandbox --list-scenarios
  $ curl -H 'X-API-Key: sbx_user_alpha' http://127.0.0.1:4010/api/v1/projects`,
    )
    .action(async (options: CliOptions, command: Command) => {
      const fixtures = options.fixtures === undefined ? undefined : await readFixturesFile(options.fixtures)
      const scenarios = await readScenarioArguments(options.scenario)
      const resolved = resolveSandboxConfig(
        {
          fixtures: fixtures as SandboxOptions['fixtures'],
          scenarios: scenarios as SandboxOptions['scenarios'],
          seed: options.seed,
          now: options.now,
          latency: options.latency,
          generateProjects: options.generateProjects,
          // commander turns a boolean flag on for any value of its variable, ANALYTICS_SANDBOX_STRICT=0 too.
          strict:
            options.strict === true && (command.getOptionValueSource('strict') !== 'env' || isEnvFlagOn(process.env[OPTIONS.strict.env])),
          clientReport: options.clientReport,
        },
        { fixtures: options.fixtures, scenarios: options.scenario },
      )
      if (options.listScenarios === true) {
        process.stdout.write(formatScenarioList(resolved.catalogue.list()))
        return
      }
      // Under a mutate or report run, what this process answers joins the run's report.
      listenForRun(process.env)
      // Before the first request: node's tick objects keep one map, so its streams stay fast (the function's note).
      keepTickShapes()
      // Request lines never wait for a reader: past a small backlog they are dropped and counted.
      const sink = createLogSink(process.stdout, (note) => void process.stderr.write(note))
      // The process's sandboxes, root and sessions, draw on its one budget, which sizes the worker's heap.
      const served = await serveSandbox(
        resolved,
        THIS_PROCESS,
        {
          host: options.host,
          port: options.port,
          log: createRequestLogger(options.log, sink.write),
          logStats: sink.stats,
          timeouts: { headersMs: options.headersTimeout, keepAliveMs: options.keepAliveTimeout, shutdownGraceMs: options.shutdownGrace },
          ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
        },
        { max: options.maxSessions, ttlMs: options.sessionTtl * 1000 },
      )
      const { core: sandbox, running } = served
      const facts: BannerFacts = {
        version,
        url: running.url,
        format: options.log,
        today: formatCalendarDate(dayOfInstant(sandbox.clock.now())),
        frozen: options.now !== undefined,
        seed: options.seed,
        fixtures: options.fixtures,
        generated: options.generateProjects ?? 0,
        scenarios: sandbox.scenarios.active.names,
        mutation: sandbox.mutation?.id,
        admin: running.admin,
      }
      process.stdout.write(formatBanner(facts))
      const tokenNote = formatTokenNote(facts)
      if (tokenNote !== undefined) process.stderr.write(tokenNote)
      onStop(() => served.close())
    })
}

/**
 * The start-up error for a first word that is no command (`analytics-sandbox repotr`): commander
 * would complain about the flags that follow it instead.
 *
 * @example
 * unknownCommandMessage('repotr') // 'unknown command "repotr": the commands are report, verify and mutate, and analytics-sandbox --help lists the flags'
 */
export function unknownCommandMessage(word: string): string {
  return `unknown command ${JSON.stringify(word.slice(0, 40))}: the commands are report, verify and mutate, and analytics-sandbox --help lists the flags`
}

/**
 * Runs the `analytics-sandbox` command with `argv` (node's and the script's first). Resolves once
 * the server listens (or the command has printed what it was asked for); `onStop` receives the
 * function that closes the server gracefully. A start-up failure is printed as one line naming
 * the culprit (a stack only with `--debug`) and the exit code set to 1.
 *
 * @example
 * await runCli(process.argv, (stop) => process.once('SIGTERM', () => void stop().then(() => process.exit(0))))
 */
export async function runCli(argv: readonly string[], onStop: (stop: () => Promise<void>) => void): Promise<void> {
  const debug = argv.includes('--debug')
  const [node = 'node', script = 'analytics-sandbox', first, ...rest] = argv
  try {
    // The server takes flags only: a first word is a command (report and verify never get here).
    if (first === 'help') return void (await createProgram(onStop).parseAsync([node, script, '--help', ...rest]))
    if (first !== undefined && !first.startsWith('-')) throw new ConfigError(unknownCommandMessage(first))
    await createProgram(onStop).parseAsync([...argv])
  } catch (error) {
    const message = error instanceof ConfigError || !debug ? (error as Error).message : ((error as Error).stack ?? String(error))
    process.stderr.write(`analytics-sandbox: ${message}\n`)
    process.exitCode = 1
  }
}
