import { VARIANT_PREFIX } from '../vocabulary/variants.js'
import { mutationFromEnvironment } from './resolve-mutation.js'

/**
 * The variant a `mutate` run has this process under (`ANALYTICS_SANDBOX_MUTATION` names one, such as
 * `variant-large`), else `undefined`. A variant changes the documented data within the contract, so
 * a test that pins documented values (ids, names, counts) leaves those pins out under one: its
 * failure would say nothing about the client, and the brittle listing then shows only real breaks.
 *
 * @example
 * const ids = projects.map((project) => project.id)
 * if (underVariant() === undefined) expect(ids).toEqual([101, 102, 103]) // a value pin
 * expect(ids.every(Number.isInteger)).toBe(true) // what holds under every variant
 */
export function underVariant(): string | undefined {
  const chosen = mutationFromEnvironment()
  return chosen?.startsWith(VARIANT_PREFIX) === true ? chosen : undefined
}
