import { InvalidArgumentError } from 'commander'
import { parseStartInstant } from '../vocabulary/parse-start-instant.js'
import { parseLatency } from '../vocabulary/latency.js'
import { readWholeOption, wholeOptionRule, type WholeOption } from '../vocabulary/whole-option.js'
import { readJsonFile } from './read-json-file.js'

/** A `--scenario` value naming a file rather than a built-in. */
const SCENARIO_PATH = /[/\\]|\.json$/i

/**
 * A flag's whole number, read and checked as the library checks its option ({@link LIMITS.options}).
 *
 * @example
 * new Option('--seed <n>').argParser(wholeOption('seed'))
 */
export function wholeOption(name: WholeOption): (text: string) => number {
  return (text) => {
    const value = readWholeOption(name, text)
    if (value === undefined) throw new InvalidArgumentError(`M${wholeOptionRule(name).slice(1)}.`)
    return value
  }
}

/**
 * A `--latency` value: milliseconds or a range, as the library's `latency` takes it.
 *
 * @example
 * new Option('--latency <ms>').argParser(parseLatencyArgument) // '100-400' stays '100-400'
 */
export function parseLatencyArgument(text: string): string {
  if (parseLatency(text) === undefined) throw new InvalidArgumentError('Must be milliseconds such as 250, or a range such as 100-400.')
  return text
}

/**
 * A `--now` value: a date or a UTC date-time, as the library's `now` takes it.
 *
 * @example
 * new Option('--now <date>').argParser(parseDateArgument)
 */
export function parseDateArgument(text: string): string {
  if (parseStartInstant(text) === undefined)
    throw new InvalidArgumentError('Must be a date (YYYY-MM-DD) or a UTC date-time (YYYY-MM-DDTHH:MM:SSZ), such as 2026-01-15.')
  return text
}

/**
 * A percentage flag (`--min-coverage`, `--min-sensitivity`): a number from 0 to 100.
 *
 * @example
 * new Option('--min-coverage <percent>').argParser(percentOption('--min-coverage'))
 */
export function percentOption(flag: string): (text: string) => number {
  return (text) => {
    const value = /^\d{1,3}(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
    if (!(value >= 0 && value <= 100)) throw new InvalidArgumentError(`${flag} must be a percentage from 0 to 100.`)
    return value
  }
}

/**
 * Collects a repeatable flag's values in order.
 *
 * @example
 * new Option('--scenario <name|file>').default([]).argParser(collect)
 */
export function collect(value: string, values: string[]): string[] {
  return [...values, value]
}

/**
 * The `--scenario` values as the library takes them: a built-in's name as it is, a file (a path, or
 * a name ending in `.json`) read as its definition.
 *
 * @example
 * const scenarios = await readScenarioArguments(['slow', './mine.json'])
 */
export function readScenarioArguments(values: readonly string[]): Promise<unknown[]> {
  return Promise.all(values.map(async (value) => (SCENARIO_PATH.test(value) ? await readJsonFile(value, 'scenario') : value)))
}
