import type { MonitoringData } from '../contract/resource-schemas.js'
import type { SuccessEnvelope } from '../contract/envelope.js'

/** Scores are integer hundredths from 0 to 100: their JSON texts, made once each (10,001 at most). */
const MAX_HUNDREDTHS = 10_000
const scoreTexts: string[] = []

/** `score` as JSON.stringify writes it, from the kept text of its hundredths when it has one. */
function scoreText(score: number): string {
  const hundredths = Math.round(score * 100)
  if (hundredths < 0 || hundredths > MAX_HUNDREDTHS || hundredths / 100 !== score) return JSON.stringify(score)
  return (scoreTexts[hundredths] ??= JSON.stringify(score))
}

const EMPTY_HISTORY = '"history":[]'

/**
 * The JSON text of a /monitoring envelope, byte for byte what `JSON.stringify(envelope)` gives, made
 * faster: a history of n days is n numbers to format, and formatting a double is most of what
 * JSON.stringify spends on it (366 days: about 105 µs, against 15 µs from kept texts). The history is
 * written from kept date and score texts; the rest of the envelope by JSON.stringify, with the history
 * left empty and spliced in after. The last `"history":[]` is the one: it comes after
 * `brands_by_topics` (topic names are the only user text that can be a key "history", and a topic
 * has at least one brand, so never `[]`), and nothing after it has such a key.
 *
 * @example
 * toAnswer(envelope, undefined, stringifyMonitoring(envelope))
 */
export function stringifyMonitoring(envelope: SuccessEnvelope<MonitoringData>): string {
  const scores = envelope.data.visibility_score
  const { history } = scores
  if (history.length === 0) return JSON.stringify(envelope)
  let text = ''
  for (const { date, score } of history) text += `,{"date":"${date}","score":${scoreText(score)}}`
  scores.history = []
  const json = JSON.stringify(envelope)
  scores.history = history
  const at = json.lastIndexOf(EMPTY_HISTORY)
  return `${json.slice(0, at)}"history":[${text.slice(1)}]${json.slice(at + EMPTY_HISTORY.length)}`
}
