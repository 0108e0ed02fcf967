/**
 * commander's output settings that print a usage mistake as the bin prints every start-up error:
 * one line, named after the command (`analytics-sandbox: unknown option '--prot' (Did you mean
 * --port?)`), for a harness that reads the first line of stderr. commander's own form is
 * `error: …` with its suggestion on a second line. `hints` suggest a flag for an unknown one commander
 * finds nothing near (`--json`: `--format json`).
 *
 * @example
 * new Command().configureOutput(oneLineErrors('analytics-sandbox report', (text) => process.stderr.write(text)))
 */
export function oneLineErrors(command: string, writeErr: (text: string) => void, hints: Readonly<Record<string, string>> = {}) {
  return {
    writeErr,
    outputError: (text: string, write: (text: string) => void) => {
      const lines = text.replace(/^error: /, '').split('\n')
      const flag = /^unknown option '([^']+)'$/.exec(lines[0] ?? '')?.[1]
      const hint = flag !== undefined && Object.hasOwn(hints, flag) ? ` (Did you mean ${hints[flag]}?)` : ''
      write(
        `${command}: ${lines
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .join(' ')}${hint}\n`,
      )
    },
  }
}

/**
 * The hints for a format given as a flag of its own (`--json` for `--format json`), one per format
 * but those `taken` as flags already (mutate's `--junit <path>`).
 *
 * @example
 * formatHints(['text', 'json']) // { '--text': '--format text', '--json': '--format json' }
 */
export function formatHints(formats: readonly string[], taken: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(
    formats.filter((format) => !taken.includes(`--${format}`)).map((format) => [`--${format}`, `--format ${format}`]),
  )
}
