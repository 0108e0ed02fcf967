import { ConfigError } from '../vocabulary/config-error.js'

/** The known name closest to `name`, when one is a typo away (at most two edits). */
function closest(name: string, known: ReadonlySet<string>): string | undefined {
  let best: { name: string; distance: number } | undefined
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (distance <= 2 && (best === undefined || distance < best.distance)) best = { name: candidate, distance }
  }
  return best?.name
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[b.length]!
}

/**
 * Options must be an object of known names: a typo (`seeed`) is a ConfigError naming it (and the
 * known name it is closest to), never ignored.
 *
 * @example
 * checkOptionNames({ seeed: 1 }, SANDBOX_OPTION_NAMES) // ConfigError: Unknown option "seeed" (did you mean "seed"?); …
 */
export function checkOptionNames(options: unknown, known: ReadonlySet<string>): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ConfigError(`Invalid options: must be an object such as { seed: 7 } (got ${JSON.stringify(options) ?? String(options)})`)
  }
  for (const name of Object.keys(options)) {
    if (known.has(name)) continue
    const near = closest(name, known)
    throw new ConfigError(
      `Unknown option "${name}"${near === undefined ? '' : ` (did you mean "${near}"?)`}; the options are ${[...known].join(', ')}`,
    )
  }
}
