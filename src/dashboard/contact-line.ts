import { SandboxLeftError } from './sandbox-left-error.js'
import { byId } from './dom.js'

/**
 * The line under the status line that says the page lost contact with the sandbox: one of its polls
 * (the journal's, every second; the rest of its state's, every few seconds) failed, and why. It stays
 * while any poll still fails and goes when every one that failed has got through again. The answer
 * of a sandbox the page left ({@link SandboxLeftError}) is no loss of contact.
 *
 * @example
 * const contact = createContactLine()
 * follow().then(() => contact.regained('state'), (error) => contact.lost('state', error))
 */
export function createContactLine() {
  const line = byId('contact', HTMLElement)
  /** Why each poll that failed last time failed, by poll. */
  const failing = new Map<string, string>()

  function show(): void {
    const [reason] = failing.values()
    const text = reason === undefined ? '' : `Lost contact with the sandbox: ${reason.replace(/\.$/, '')}. Retrying…`
    if (line.textContent !== text) line.textContent = text
    line.hidden = reason === undefined
  }

  return {
    /** The poll `poll` failed with `error`. */
    lost(poll: string, error: unknown): void {
      if (error instanceof SandboxLeftError) return
      failing.set(poll, error instanceof Error ? error.message : String(error))
      show()
    },
    /** The poll `poll` got through. */
    regained(poll: string): void {
      if (failing.delete(poll)) show()
    },
  }
}

/** What {@link createContactLine} gives. */
export type ContactLine = ReturnType<typeof createContactLine>
