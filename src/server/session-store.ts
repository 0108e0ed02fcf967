import { ok, type Envelope } from '../contract/envelope.js'
import { BehaviourJudge } from '../core/behaviour/behaviour-judge.js'
import type { SessionView } from '../contract/session-schemas.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import type { SessionRoutes } from '../core/server-settings.js'
import { ERRORS } from '../vocabulary/errors.js'
import type { OpenedSession } from '../sandbox/open-session.js'
import { Coverage } from '../core/report/coverage.js'
import { endSandbox } from '../core/end-sandbox.js'
import { MAX_ENTRY_HEAP_BYTES } from '../core/journal.js'
import { SharedAnswers } from '../core/admin/shared-answers.js'
import { toAnswer, type Answer } from '../core/answer.js'
import { SESSION_PREFIX } from '../core/admin/admin-paths.js'
import { OPTIONS } from '../vocabulary/options.js'

export { SESSION_PREFIX } from '../core/admin/admin-paths.js'

/** Live sessions a server holds by default (`--max-sessions`). */
export const DEFAULT_MAX_SESSIONS = OPTIONS.maxSessions.default

/** Seconds an unused session lives by default (`--session-ttl`). */
export const DEFAULT_SESSION_TTL_SECONDS = OPTIONS.sessionTtl.default

/**
 * What a session holds of the process's budget from the start, besides its label: a fresh one
 * takes about 16 KB of heap (docs/decisions/bounded-by-bytes.md), plus its journal's last entry,
 * which it keeps however full the process is.
 */
export const SESSION_HEAP_BYTES = 32 * 1024 + MAX_ENTRY_HEAP_BYTES

/**
 * Heap a session's index holds for each record it is seeded with (the records themselves are the
 * server's, shared): 5,000 generated projects cost a session about 1.1 MB, so with large
 * `--generate-projects` or `--fixtures` the budget, not `--max-sessions`, says how many may live.
 */
export const INDEX_ENTRY_HEAP_BYTES = 128

/** Bytes the shared list of sessions may take: 1,000 sessions with the longest labels list in under 1 MB. */
const SESSIONS_LIST_BYTES = 2 * 1024 * 1024

/** A random id of 12 characters of the URL-safe base64 alphabet (Web Crypto: node:crypto stays unloaded at start-up). */
function newSessionId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(9))).toString('base64url')
}

/**
 * How deep sessions nest: a session made at the root is at depth 1, one made by it (`POST
 * /sessions/<id>/__sandbox/sessions`) at 2. Deeper: 409 `sessions_full` with {@link SESSION_DEPTH_DETAIL}.
 */
export const MAX_SESSION_DEPTH = 4

/**
 * The 409's detail of a session asked of a session already at {@link MAX_SESSION_DEPTH}.
 *
 * @example
 * SESSION_DEPTH_DETAIL // 'Sessions nest at most 4 deep: …'
 */
export const SESSION_DEPTH_DETAIL = `Sessions nest at most ${MAX_SESSION_DEPTH} deep: make this one from the root (POST /__sandbox/sessions) or from a session nearer to it`

/** One live session: its sandbox and what the list shows of it. */
export interface Session {
  readonly id: string
  readonly core: SandboxCore
  readonly label: string | null
  readonly createdAt: number
  lastUsedAt: number
  requests: number
  /** Set once it has ended: a request that started before and completes after is answered 404. */
  ended: boolean
  /** The session that made it (`undefined` at the root's), and how deep it is (1 at the root's). */
  readonly parent: Session | undefined
  readonly depth: number
  /** The mutation or variant it was made under, which the sessions it makes inherit. */
  readonly mutation: string | undefined
  /** The sessions it made, live; they end with it. */
  readonly children: Set<Session>
  /** What its ended children counted: its suite report keeps it. */
  readonly endedChildren: Coverage
  /** What its ended children's clients did, judged: its suite verdicts keep it. */
  readonly endedBehaviour: BehaviourJudge
  /** Its own session routes (`/sessions/<id>/__sandbox/sessions`): children made, listed, ended. */
  readonly routes: SessionRoutes
}

/** `body` with the parent's mutation where it names none: a child session inherits it. */
function inheriting(body: unknown, mutation: string | undefined): unknown {
  if (mutation === undefined) return body
  if (body === undefined) return { mutation }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'mutation' in body) return body
  return { ...body, mutation }
}

/** The mutation a session body names, where it names one as text. */
function mutationIn(body: unknown): string | undefined {
  const mutation = typeof body === 'object' && body !== null ? (body as { mutation?: unknown }).mutation : undefined
  return typeof mutation === 'string' ? mutation : undefined
}

/**
 * The addresses a server gives its sessions to test a client against an address that refuses
 * (nothing listens) and one that accepts and never answers; `release` closes a session's silent
 * connections when it ends.
 *
 * @example
 * const addresses: SessionAddresses = { refused: 'http://127.0.0.1:39517', silent: silent.origin, release: (id) => silent.release(id) }
 */
export interface SessionAddresses {
  readonly refused: string
  readonly silent: string
  release(id: string): void
}

/** Addresses of a store made without any (a unit test's): the two URLs say so. */
const NO_ADDRESSES: SessionAddresses = { refused: 'http://0.0.0.0:0', silent: 'http://0.0.0.0:0', release: () => {} }

/** How a server's sessions are made and bounded. */
export interface SessionLimits {
  readonly max: number
  readonly ttlMs: number
}

/**
 * The 409's detail where no session may live at all: ending one or waiting would not help.
 *
 * @example
 * SESSIONS_OFF_DETAIL // 'This sandbox makes no sessions (--max-sessions 0, maxSessions: 0)'
 */
export const SESSIONS_OFF_DETAIL = 'This sandbox makes no sessions (--max-sessions 0, maxSessions: 0)'

/**
 * A server's sessions: made, found (each request under one touches it), listed, ended, and swept
 * once unused for their time-to-live. At most `max` live; past that a creation is 409
 * `sessions_full`. Ids are random (letters, digits, `-`, `_`), so one test cannot guess another's.
 *
 * @example
 * const store = new SessionStore((body) => openSession(config, process, core.fixtures, body), { max: 1000, ttlMs: 1_800_000 }, () => 'http://127.0.0.1:4010')
 * const session = store.create({ seed: 7 })
 */
export class SessionStore implements SessionRoutes {
  readonly #sessions = new Map<string, Session>()
  /** What ended sessions counted: the root's suite report keeps it. */
  readonly #ended = new Coverage()
  /** What ended sessions' clients did, judged: the root's suite verdicts keep it. */
  readonly #endedBehaviour = new BehaviourJudge()
  /** Changes whenever a session is made, used or ended: what the shared list depends on. */
  #changes = 0
  /** The list's answer, built once per change (1,000 sessions list in about 300 KB). */
  readonly #shared = new SharedAnswers(SESSIONS_LIST_BYTES)

  constructor(
    readonly open: (body: unknown) => OpenedSession,
    readonly limits: SessionLimits,
    readonly origin: () => string,
    /** Where a session's `refused_url` and `silent_url` point, and how its silent connections close. */
    readonly addresses: SessionAddresses = NO_ADDRESSES,
  ) {}

  get size(): number {
    return this.#sessions.size
  }

  /**
   * Makes a session from an options object (a PortalError for a bad one), or throws the 409 when
   * full; made by `parent` (a session's own route), it inherits its mutation, counts in the same
   * limit, and ends with it.
   */
  make(given: unknown, parent?: Session): Session {
    this.sweep()
    if (parent?.ended === true) throw new SandboxError(ERRORS.sessionNotFound)
    if (this.#sessions.size >= this.limits.max)
      throw new SandboxError(ERRORS.sessionsFull, this.limits.max === 0 ? SESSIONS_OFF_DETAIL : undefined)
    const depth = (parent?.depth ?? 0) + 1
    if (depth > MAX_SESSION_DEPTH) throw new SandboxError(ERRORS.sessionsFull, SESSION_DEPTH_DETAIL)
    const body = inheriting(given, parent?.mutation)
    const opened = this.open(body)
    const { users, projects, api_keys } = opened.core.fixtures
    const indexed = (users.length + projects.length + api_keys.length) * INDEX_ENTRY_HEAP_BYTES
    if (!opened.core.budget.take(SESSION_HEAP_BYTES + indexed + 2 * (opened.label?.length ?? 0))) {
      endSandbox(opened.core)
      throw new SandboxError(ERRORS.memoryFull)
    }
    const now = Date.now()
    const session: Session = {
      id: newSessionId(),
      ...opened,
      createdAt: now,
      lastUsedAt: now,
      requests: 0,
      ended: false,
      parent,
      depth,
      mutation: mutationIn(body),
      children: new Set(),
      endedChildren: new Coverage(),
      endedBehaviour: new BehaviourJudge(),
      // Its routes read the session only when asked, once it exists.
      routes: this.#childRoutes(() => session),
    }
    parent?.children.add(session)
    this.#sessions.set(session.id, session)
    this.#changes++
    return session
  }

  /**
   * The live session `id`; `undefined` for none or one past its time. A request under it touches it
   * (`touch`); the dashboard watching it does not, so an open tab never keeps a session alive.
   */
  use(id: string, touch = true): Session | undefined {
    const session = this.#sessions.get(id)
    if (session === undefined) return undefined
    const now = Date.now()
    if (now - session.lastUsedAt >= this.limits.ttlMs) {
      this.remove(id)
      return undefined
    }
    if (touch) {
      session.requests++
      this.#changes++
      // A session in use keeps the sessions that made it alive: they end its subtree with them.
      for (let kept: Session | undefined = session; kept !== undefined; kept = kept.parent) kept.lastUsedAt = now
    }
    return session
  }

  /**
   * Ends a session and the sessions it made, their client reports kept for the suite (the root's,
   * and their parent's) and their memory given back; whether there was one.
   */
  remove(id: string): boolean {
    const session = this.#sessions.get(id)
    if (session === undefined) return false
    for (const child of [...session.children]) this.remove(child.id)
    this.#ended.absorb(session.core.coverage)
    session.core.journal.drain()
    this.#endedBehaviour.absorb(session.core.behaviour, session.id)
    if (session.parent !== undefined) {
      session.parent.endedChildren.absorb(session.core.coverage)
      session.parent.endedChildren.absorb(session.endedChildren)
      session.parent.endedBehaviour.absorb(session.core.behaviour, session.id)
      session.parent.endedBehaviour.absorb(session.endedBehaviour, null)
      session.parent.children.delete(session)
    }
    this.#end(session)
    this.addresses.release(id)
    return this.#sessions.delete(id)
  }

  /** What a session's own `/__sandbox/sessions` does: its children made, listed and ended. */
  #childRoutes(parentOf: () => Session): SessionRoutes {
    return {
      use: (id, touch) => this.use(id, touch),
      create: (body) => ok(this.view(this.make(body, parentOf())), 'Session created'),
      list: () => ok({ sessions: [...parentOf().children].map((child) => this.view(child)) }, 'Sessions retrieved successfully'),
      end: (id) => {
        const child = this.#sessions.get(id)
        if (child === undefined || child.parent !== parentOf()) throw new SandboxError(ERRORS.sessionNotFound)
        this.remove(id)
        return ok({ id }, 'Session ended')
      },
      coverages: () => this.#descendantCoverages(parentOf()),
      behaviours: () => this.#descendantBehaviours(parentOf()),
    }
  }

  /** The client reports of the sessions `parent` made, live (and theirs, all the way down) and ended. */
  #descendantCoverages(parent: Session): Coverage[] {
    return [parent.endedChildren, ...[...parent.children].flatMap((child) => [child.core.coverage, ...this.#descendantCoverages(child)])]
  }

  /** The judges of the sessions `parent` made, live (their journals read to the end, and theirs, all the way down) and ended. */
  #descendantBehaviours(parent: Session): (readonly [string | null, BehaviourJudge])[] {
    return [
      [null, parent.endedBehaviour],
      ...[...parent.children].flatMap((child) => {
        child.core.journal.drain()
        return [[child.id, child.core.behaviour] as const, ...this.#descendantBehaviours(child)]
      }),
    ]
  }

  #end(session: Session): void {
    session.ended = true
    endSandbox(session.core)
    this.#changes++
  }

  /** Ends every session unused for its time-to-live. */
  sweep(now = Date.now()): void {
    for (const [id, session] of this.#sessions) if (now - session.lastUsedAt >= this.limits.ttlMs) this.remove(id)
  }

  coverages(): readonly Coverage[] {
    return [this.#ended, ...[...this.#sessions.values()].map((session) => session.core.coverage)]
  }

  behaviours(): readonly (readonly [string | null, BehaviourJudge])[] {
    const live = [...this.#sessions.values()].map((session) => {
      session.core.journal.drain()
      return [session.id, session.core.behaviour] as const
    })
    return [[null, this.#endedBehaviour], ...live]
  }

  /** Ends every session (the server closes). */
  clear(): void {
    for (const session of this.#sessions.values()) this.#end(session)
    this.#sessions.clear()
  }

  /** A session as the admin API shows it. */
  view(session: Session): SessionView {
    const base = `${this.origin()}${SESSION_PREFIX}${session.id}/`
    return {
      id: session.id,
      label: session.label,
      base_url: `${base}api/v1/`,
      admin_url: `${base}__sandbox/`,
      refused_url: `${this.addresses.refused}${SESSION_PREFIX}${session.id}/api/v1/`,
      silent_url: `${this.addresses.silent}${SESSION_PREFIX}${session.id}/api/v1/`,
      created_at: new Date(session.createdAt).toISOString(),
      last_used_at: new Date(session.lastUsedAt).toISOString(),
      requests: session.requests,
    }
  }

  create(body: unknown): Envelope<unknown> {
    return ok(this.view(this.make(body)), 'Session created')
  }

  /** Built once per change (a session made, used or ended) and shared: many clients listing cost one build. */
  list(): Answer {
    this.sweep()
    return this.#shared.get('sessions', String(this.#changes), 0, () => ({
      answer: toAnswer(
        ok({ sessions: [...this.#sessions.values()].map((session) => this.view(session)) }, 'Sessions retrieved successfully'),
      ),
      from: 0,
      until: 1,
    }))
  }

  end(id: string): Envelope<unknown> {
    if (!this.remove(id)) throw new SandboxError(ERRORS.sessionNotFound)
    return ok({ id }, 'Session ended')
  }
}
