import type { SandboxCore } from './sandbox-core.js'

/**
 * The one reset, for the admin API and the library alike: the scenarios the sandbox started with
 * (definitions made since are forgotten), an empty journal, the request count at 0, and the seeded
 * records back where a request changed them. The records are re-seeded in the background; requests
 * meanwhile wait for it (`settling`), so none sees a half-made state.
 *
 * @example
 * await resetSandbox(sandbox) // as new
 */
export function resetSandbox(sandbox: SandboxCore): Promise<void> {
  sandbox.scenarios.reset()
  sandbox.journal.clear()
  sandbox.requestCount = 0
  if (!sandbox.model.changed) return sandbox.settling ?? Promise.resolve()
  const settling = (sandbox.settling ?? Promise.resolve()).then(() => sandbox.model.reseed())
  sandbox.settling = settling
  const settled = () => {
    if (sandbox.settling === settling) sandbox.settling = undefined
  }
  settling.then(settled, settled)
  return settling
}
