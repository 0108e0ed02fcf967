import { ConfigError } from './config-error.js'
import { OPTIONS, type OptionName, type OptionRow } from './options.js'
import { readWholeNumber } from './read-whole-number.js'

/** A whole-number option of the sandbox, by its name in {@link OPTIONS}. */
export type WholeOption = { [K in OptionName]: (typeof OPTIONS)[K]['kind'] extends 'whole' ? K : never }[OptionName]

/**
 * What a whole-number option takes, in the words of a refusal.
 *
 * @example
 * wholeOptionRule('port') // 'must be an integer from 0 to 65535'
 */
export function wholeOptionRule(name: WholeOption): string {
  const { min, max } = OPTIONS[name]
  return `must be an integer from ${min} to ${max}`
}

/**
 * A command-line flag's value as the option it sets: digits only (spaces around ignored), in the
 * option's range ({@link OPTIONS}); `undefined` for anything else, which the caller refuses
 * with {@link wholeOptionRule}.
 *
 * @example
 * readWholeOption('port', '4010') // 4010
 * readWholeOption('port', '1e3') // undefined
 */
export function readWholeOption(name: WholeOption, text: string): number | undefined {
  const { min, max } = OPTIONS[name]
  return readWholeNumber(text.trim(), min, max)
}

/**
 * A library option's value, checked against the same range as its flag: `fallback` when it is not
 * given, else an integer in range, or a {@link ConfigError} naming the option, its rule and the value.
 *
 * @example
 * checkWholeOption('maxSessions', 5000, 1000) // 5000
 * checkWholeOption('maxSessions', -1, 1000) // throws: Invalid option "maxSessions": must be an integer from 0 to 100000 (got -1)
 */
export function checkWholeOption(name: WholeOption, value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  const { min, max } = OPTIONS[name]
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value
  throw new ConfigError(
    `Invalid option "${(OPTIONS[name] as OptionRow).option ?? name}": ${wholeOptionRule(name)} (got ${JSON.stringify(value) ?? String(value)})`,
  )
}
