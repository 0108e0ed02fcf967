/**
 * The answer of a sandbox the page no longer shows: it switched to another one while the request
 * ran, or the session ended (`session_not_found`). Nothing of it is drawn, and {@link report} says
 * nothing of it: the page already said where it went.
 *
 * @example
 * if (error instanceof SandboxLeftError) return
 */
export class SandboxLeftError extends Error {
  constructor(readonly session: string | undefined) {
    super(
      session === undefined
        ? "An answer of the process's own sandbox, no longer shown"
        : `An answer of session ${session}, no longer shown`,
    )
    this.name = 'SandboxLeftError'
  }
}
