import type { Envelope } from '../contract/envelope.js'
import type { BehaviourJudge } from './behaviour/behaviour-judge.js'
import type { Answer } from './answer.js'
import type { Coverage } from './report/coverage.js'
import type { SandboxCore } from './sandbox-core.js'

/** The OpenAPI documents a server serves: the public API's and the admin API's. */
export type DocumentName = 'openapi' | 'admin-openapi'

/** A live session as the router needs it: its sandbox, whether it has ended, and its own session routes (the sessions it makes). */
export interface LiveSession {
  readonly core: SandboxCore
  readonly ended: boolean
  readonly routes: SessionRoutes
}

/**
 * The session operations of the admin API (`/__sandbox/sessions`), which the server that holds the
 * sessions provides: each gives the envelope (or throws the SandboxError) to answer with.
 *
 * @example
 * const sessions: SessionRoutes = { create: (body) => …, list: () => …, end: (id) => … }
 */
export interface SessionRoutes {
  /**
   * The live session `id`'s sandbox, or `undefined` for none (or one past its time). `touch`: a
   * request of a test's keeps it alive; the dashboard's watching does not.
   */
  use(id: string, touch: boolean): LiveSession | undefined
  /** Makes a session from the body the admin router read (`undefined`: none given). */
  create(body: unknown): Envelope<unknown>
  /** The list, as an envelope or an answer already built (and shared). */
  list(): Envelope<unknown> | Answer
  end(id: string): Envelope<unknown>
  /** The client reports of every session, live and ended: the root's suite report adds them up. */
  coverages(): readonly Coverage[]
  /**
   * The behaviour judges of every session, live (their journals read to the end) and ended, each
   * with its session's id (`null`: ended ones, whose verdicts carry their ids): the root's suite
   * verdicts add them up.
   */
  behaviours(): readonly (readonly [string | null, BehaviourJudge])[]
}

/**
 * What belongs to a server rather than to a sandbox: the admin token, whether it answers only
 * loopback Host names, the OpenAPI texts and dashboard files it loads on first request, its request
 * log's figures, and its sessions. The server owns it and passes it to `dispatch` with each request; a sandbox (or a
 * session) never holds it, so every session of a server answers under the same protection.
 */
export interface ServerSettings {
  /** When set, the admin API answers only requests carrying it in `X-Sandbox-Admin-Token`. */
  readonly adminToken: string | undefined
  /**
   * Whether the admin API answers only loopback Host names (the server is bound to loopback): a
   * name of another site that points at 127.0.0.1 is how DNS rebinding reaches a local server.
   */
  readonly loopbackOnly: boolean
  /** An OpenAPI document's text, loaded on its first request (zod builds it); `undefined` where none is served (msw). */
  readonly document: ((name: DocumentName) => Promise<string>) | undefined
  /**
   * The answer for one of the dashboard's files (see `dashboardFile`), read from the built page;
   * `undefined` where the dashboard is not served (msw, inside a session).
   */
  readonly dashboard: ((file: string | null) => Promise<Answer>) | undefined
  /** What the request log has written and dropped, for `GET /__sandbox/health`; `undefined` where nothing logs. */
  readonly logStats: (() => { readonly written: number; readonly dropped: number }) | undefined
  /** The session operations; `undefined` where there are none (the msw handlers); inside a session, its children's. */
  readonly sessions: SessionRoutes | undefined
}

/**
 * The settings of no server: the msw handlers' (no token, any Host, no documents, no log, no sessions).
 *
 * @example
 * dispatch(sandbox, request) // NO_SERVER
 */
export const NO_SERVER: ServerSettings = Object.freeze({
  adminToken: undefined,
  loopbackOnly: false,
  document: undefined,
  dashboard: undefined,
  logStats: undefined,
  sessions: undefined,
})
