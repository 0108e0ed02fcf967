/** Waits for a condition that changes when something arrives (output, data, an exit). */
export interface Waiter {
  /** Call whenever something arrived: every pending wait checks its condition again. */
  notify(): void
  /** Resolves with `check`'s first defined value (rejects if it throws); rejects after `timeoutMs`. */
  waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T>
}

/**
 * A waiter whose time-out message ends with `context()` (what had arrived by then).
 *
 * @example
 * const waiter = createWaiter(() => `; stdout: ${out}`)
 * child.stdout.on('data', (chunk) => { out += chunk; waiter.notify() })
 * await waiter.waitFor(() => (out.includes('API') ? out : undefined), 'the banner', 5_000)
 */
export function createWaiter(context: () => string = () => ''): Waiter {
  const listeners = new Set<() => void>()
  return {
    notify() {
      for (const listener of [...listeners]) listener()
    },
    waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const attempt = () => {
          let value: T | undefined
          try {
            value = check()
          } catch (error) {
            done()
            reject(error instanceof Error ? error : new Error(String(error)))
            return
          }
          if (value !== undefined) {
            done()
            resolve(value)
          }
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${context()}`))
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          listeners.delete(attempt)
        }
        listeners.add(attempt)
        attempt()
      })
    },
  }
}
