import type { SandboxCore } from './sandbox-core.js'

/**
 * A sandbox that will serve no more (a session ended, a server closed or failed to start): what it
 * held of the process's memory budget is given back, and its keys are no longer looked for by
 * masking. It takes nothing more from the budget afterwards.
 *
 * @example
 * endSandbox(session.core)
 */
export function endSandbox(sandbox: SandboxCore): void {
  sandbox.budget.close()
  sandbox.model.release()
  sandbox.repeats.clear()
  sandbox.lastWarnings.clear()
}
