/**
 * commander's output settings that print a usage mistake as the bin prints every start-up error:
 * one line, named after the command (`analytics-sandbox: unknown option '--prot' (Did you mean
 * --port?)`), for a harness that reads the first line of stderr. commander's own form is
 * `error: …` with its suggestion on a second line.
 *
 * @example
 * new Command().configureOutput(oneLineErrors('analytics-sandbox report', (text) => process.stderr.write(text)))
 */
export function oneLineErrors(command: string, writeErr: (text: string) => void) {
  return {
    writeErr,
    outputError: (text: string, write: (text: string) => void) => {
      const lines = text.replace(/^error: /, '').split('\n')
      write(
        `${command}: ${lines
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .join(' ')}\n`,
      )
    },
  }
}
