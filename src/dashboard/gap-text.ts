import type { BehaviourFailure } from './records.js'

/**
 * The gap that broke a rule and the least gap the rule wanted, as the behaviour panel writes them
 * beside the failure's message; `null` for a failure that names neither (a retry too many, a dead
 * key used again, a 4xx sent again).
 *
 * @example
 * gapText({ gap_ms: 120, wanted_ms: 1000 }) // 'gap 120 ms, wanted at least 1000 ms'
 * gapText({ gap_ms: null, wanted_ms: null }) // null
 */
export function gapText(failure: Pick<BehaviourFailure, 'gap_ms' | 'wanted_ms'>): string | null {
  const parts: string[] = []
  if (failure.gap_ms !== null) parts.push(`gap ${failure.gap_ms} ms`)
  if (failure.wanted_ms !== null) parts.push(`wanted at least ${failure.wanted_ms} ms`)
  return parts.length === 0 ? null : parts.join(', ')
}
