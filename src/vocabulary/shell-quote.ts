/**
 * One word for a POSIX shell, whatever `value` holds: wrapped in single quotes, inside which the
 * shell expands nothing (`$( )`, backticks, `\`, `*`, spaces and newlines stay as they are). A
 * single quote cannot stand inside them, so it closes the quotes, comes escaped, and opens them
 * again: `'\''`. The dashboard's "request as curl" and the client report's examples are pasted into
 * terminals, so no value they show may run as a command there.
 *
 * @example
 * shellQuote("it's $(date)") // `'it'\''s $(date)'`
 * shellQuote('') // `''`: still one (empty) word
 */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`
}
