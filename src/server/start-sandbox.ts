import { resolveSandboxConfig } from '../sandbox/open-sandbox.js'
import { behaviourOf } from '../core/behaviour/behaviour-of.js'
import type { SandboxOptions } from '../sandbox/sandbox-options.js'
import { libraryOptionNames, OPTIONS, type OptionName, type OptionRow } from '../vocabulary/options.js'
import { checkedRetries, checkedScope, type SandboxControls } from '../sandbox/sandbox-controls.js'
import { serveSandbox } from './serve-sandbox.js'
import { DEFAULT_TIMEOUTS } from './start-server.js'
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_SECONDS, type Session } from './session-store.js'
import type { SessionInput } from '../contract/session-schemas.js'
import { ConfigError } from '../vocabulary/config-error.js'
import { checkWholeOption, type WholeOption } from '../vocabulary/whole-option.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import { ERRORS } from '../vocabulary/errors.js'
import { THIS_PROCESS } from '../sandbox/this-process.js'

/**
 * Options of {@link startSandbox}: the sandbox's, plus where to listen.
 *
 * @example
 * const options: StartSandboxOptions = { port: 4010, now: '2026-01-15' }
 */
export interface StartSandboxOptions extends Omit<SandboxOptions, 'baseUrl'> {
  /** Default 0: any free port. */
  port?: number
  /** Default `127.0.0.1`. */
  host?: string
  /** Token the admin API requires; one is made up when `host` is not loopback (see `adminToken` on the result). */
  adminToken?: string
  /** Live sessions at most (default 1000). */
  maxSessions?: number
  /** Seconds an unused session lives (default 1800). */
  sessionTtl?: number
  /**
   * Milliseconds, as the flags `--headers-timeout`, `--keep-alive-timeout` and `--shutdown-grace`
   * (defaults 10000, 5000, 5000): request headers must arrive within `headersMs` (else 408), an idle
   * keep-alive connection closes after `keepAliveMs`, and `close()` lets requests in flight finish
   * within `shutdownGraceMs`.
   */
  timeouts?: { headersMs?: number; keepAliveMs?: number; shutdownGraceMs?: number }
}

/**
 * A session: a whole sandbox of its own inside the running one, at its own base URL.
 *
 * @example
 * const session: RunningSession = await sandbox.createSession({ seed: 7 })
 * await fetch(`${session.url}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
 */
export interface RunningSession {
  readonly id: string
  /** Its API's base address: `http://127.0.0.1:<port>/sessions/<id>/api/v1/`. */
  readonly url: string
  /** Its admin API: `…/sessions/<id>/__sandbox/`. */
  readonly adminUrl: string
  /** An API base where nothing listens: a client pointed there meets a refused connection. */
  readonly refusedUrl: string
  /** An API base that accepts the connection and never answers: ending the session closes it. */
  readonly silentUrl: string
  /** Ends it: every path under it answers 404 `session_not_found` from then on. */
  close(): Promise<void>
}

/** Every option of {@link StartSandboxOptions}, from the options table: the sandbox's but `baseUrl`, and where to listen. */
const START_SANDBOX_OPTION_NAMES: ReadonlySet<string> = libraryOptionNames('server')

/**
 * A real HTTP sandbox running inside the current process, steered like an in-process one.
 *
 * @example
 * const sandbox: RunningSandbox = await startSandbox()
 * await fetch(`${sandbox.url}projects`, { headers: { 'X-API-Key': sandbox.keys.user } })
 */
export interface RunningSandbox extends SandboxControls {
  /** The API's base address, ending in `/api/v1/`. */
  readonly url: string
  readonly port: number
  /** The token the admin API requires, if any. */
  readonly adminToken: string | undefined
  /**
   * Makes a session (as `POST /__sandbox/sessions` does): a fresh sandbox with this one's records,
   * at its own base URL, isolated from every other. Rejects with a PortalError for bad options, or
   * a ConfigError when as many sessions live as `maxSessions` allows.
   *
   * @example
   * const session = await sandbox.createSession({ now: '2026-01-15', scenarios: ['fail-once'], label: 'retry test' })
   */
  createSession(options?: SessionInput): Promise<RunningSession>
  /** Stops the server (in-flight requests finish) and frees the port. */
  close(): Promise<void>
}

type TimeoutField = keyof typeof DEFAULT_TIMEOUTS

/** The fields of the `timeouts` option, each by its row of the options table (its range, its flag), read from the rows' library paths: `headersMs` is `headersTimeout`. */
const TIMEOUT_FIELDS = Object.fromEntries(
  (Object.keys(OPTIONS) as OptionName[]).flatMap((name) => {
    const path = (OPTIONS[name] as OptionRow).option
    return path?.startsWith('timeouts.') ? [[path.slice('timeouts.'.length), name]] : []
  }),
) as Readonly<Record<TimeoutField, WholeOption>>

/** The fields, as a message names them: "headersMs, keepAliveMs and shutdownGraceMs". */
const TIMEOUT_NAMES = Object.keys(TIMEOUT_FIELDS)
  .join(', ')
  .replace(/, (?=[^,]*$)/, ' and ')

/** `timeouts`, each checked against its flag's range (a ConfigError naming `timeouts.<name>`); the defaults where not given. */
function checkTimeouts(given: StartSandboxOptions['timeouts']): Required<NonNullable<StartSandboxOptions['timeouts']>> {
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given)))
    throw new ConfigError(`Invalid option "timeouts": must be an object of ${TIMEOUT_NAMES} (got ${JSON.stringify(given)})`)
  const unknown = Object.keys(given ?? {}).find((name) => !Object.hasOwn(TIMEOUT_FIELDS, name))
  if (unknown !== undefined) throw new ConfigError(`Unknown option "timeouts.${unknown}": it takes ${TIMEOUT_NAMES}`)
  const fields = Object.keys(TIMEOUT_FIELDS) as TimeoutField[]
  return Object.fromEntries(
    fields.map((field) => [field, checkWholeOption(TIMEOUT_FIELDS[field], given?.[field], DEFAULT_TIMEOUTS[field])]),
  ) as Record<TimeoutField, number>
}

/**
 * Starts the standalone sandbox inside this process, on a free port unless told otherwise.
 * Rejects with a ConfigError for a bad option or a port it cannot listen on.
 *
 * @example
 * const sandbox = await startSandbox({ now: '2026-01-15' })
 * const response = await fetch(`${sandbox.url}validate`, { headers: { 'X-API-Key': sandbox.keys.user } })
 * await sandbox.close()
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const config = resolveSandboxConfig(options, {}, START_SANDBOX_OPTION_NAMES)
  const max = checkWholeOption('maxSessions', options.maxSessions, DEFAULT_MAX_SESSIONS)
  const ttl = checkWholeOption('sessionTtl', options.sessionTtl, DEFAULT_SESSION_TTL_SECONDS)
  const port = checkWholeOption('port', options.port, 0)
  const timeouts = checkTimeouts(options.timeouts)
  const served = await serveSandbox(
    config,
    THIS_PROCESS,
    {
      host: options.host ?? '127.0.0.1',
      port,
      timeouts,
      ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
    },
    { max, ttlMs: ttl * 1000 },
  )
  const { opened, core, running } = served
  const sessions = running.sessions!
  return {
    url: running.url,
    port: running.port,
    adminToken: running.admin.token,
    get requests() {
      return opened.requests
    },
    coverage: (scope) => core.coverage.report(scope, scope === 'suite' ? running.sessions!.coverages() : []),
    behaviour: (given, maxRetries) => {
      const scope = checkedScope(given)
      return behaviourOf(core, scope, checkedRetries(maxRetries), scope === 'suite' ? sessions.behaviours() : [])
    },
    expect: opened.expect,
    useScenario: opened.useScenario,
    reset: opened.reset,
    accounts: opened.accounts,
    projects: opened.projects,
    keys: opened.keys,
    clock: opened.clock,
    async createSession(input = {}) {
      let session: Session
      try {
        session = sessions.make(input)
      } catch (error) {
        // The process's own limit is a ConfigError; a bad body stays the PortalError it is.
        if (error instanceof SandboxError && error.template === ERRORS.sessionsFull)
          throw new ConfigError(`Cannot make a session: ${error.envelope.errors.detail ?? error.envelope.message}`)
        throw error
      }
      const view = sessions.view(session)
      return {
        id: session.id,
        url: view.base_url,
        adminUrl: view.admin_url,
        refusedUrl: view.refused_url,
        silentUrl: view.silent_url,
        close: async () => void sessions.remove(session.id),
      }
    },
    close: () => served.close(),
  }
}
