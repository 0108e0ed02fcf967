import { Option } from 'commander'
import { OPTIONS, type OptionKind, type OptionName, type OptionRow } from '../vocabulary/options.js'
import type { WholeOption } from '../vocabulary/whole-option.js'
import { collect, parseDateArgument, parseLatencyArgument, wholeOption } from './flag-readers.js'

/** How a flag of each kind is read (a text or a file's path as it is). */
const READERS: Readonly<Record<OptionKind, ((name: OptionName) => (text: string, previous: string[]) => unknown) | undefined>> = {
  whole: (name) => wholeOption(name as WholeOption),
  instant: () => parseDateArgument,
  latency: () => parseLatencyArgument,
  list: () => collect,
  text: undefined,
  file: undefined,
  switch: undefined,
}

/**
 * The commander option of `name`, made from its row of {@link OPTIONS}: its flag, help, environment
 * variable, default and reader, with what this command says otherwise (a help that says more here,
 * a default of its own, or `null`: none, where the command leaves it to the sandbox).
 *
 * @example
 * program.addOption(optionOf('seed'))
 */
export function optionOf(
  name: OptionName,
  own: { readonly help?: string; readonly default?: unknown; readonly defaultHelp?: string } = {},
): Option {
  const row: OptionRow = OPTIONS[name]
  if (row.flag === undefined) throw new Error(`the option ${name} has no flag`)
  const option = new Option(row.flag, own.help ?? row.help)
  if (row.env !== undefined) option.env(row.env)
  const value = own.default === undefined ? row.default : own.default
  if (value !== undefined && value !== null) option.default(value, own.defaultHelp)
  const read = READERS[row.kind]?.(name)
  if (read !== undefined) option.argParser(read as (value: string, previous: unknown) => unknown)
  return option
}
