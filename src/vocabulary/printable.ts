/**
 * Terminal escape sequences, each matched whole so that none of its bytes is left to act: a CSI
 * (`ESC [` or U+009B, then parameters, intermediates and a final byte: colours, cursor moves,
 * `ESC [2J` clearing the screen); a string command (OSC, DCS, SOS, PM, APC: `ESC ]`, `ESC P`,
 * `ESC X`, `ESC ^`, `ESC _` or their C1 forms) up to its BEL or ST, such as `ESC ]0;title BEL`,
 * which sets the window title; and any other ESC with its intermediates and final byte (`ESC c`
 * resets the terminal). An unterminated string command loses its introducer only: the rest is text.
 * A string command's text holds no ESC and no C1 control, so no scan runs past the next
 * introducer and the time stays linear: were it allowed to, each of a million U+009D would scan to
 * the end of the text for its ST, and a hostile answer would hang the client.
 */
const ESCAPE_SEQUENCE =
  // oxlint-disable-next-line no-control-regex -- control characters are what this file finds
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u0080-\u009f]*(?:\u0007|\u001b\\|\u009c)|\u001b[\u0020-\u002f]*[\u0030-\u007e]/g

/** C0 controls (newline and tab included), DEL and C1 controls: what a terminal may act on rather than show. */
// oxlint-disable-next-line no-control-regex -- control characters are what this file finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * What stands for each escape sequence or control character removed: U+FFFD, the replacement
 * character, rather than nothing, so a reader sees that the server sent something not shown, and
 * words around it are not joined into other words.
 */
const REPLACEMENT = '\uFFFD'

/**
 * A value a server sent, as text safe to print on a terminal: every escape sequence (whole) and
 * every other C0 control, DEL and C1 control becomes one U+FFFD. Newlines and tabs go too: a
 * single value must not start a line of its own (a forged `met` line, a forged prompt); the lines
 * of a multi-line text are the formatter's, joined after each value passed through here. Anything
 * but a string (a number where a hostile server sent one, or not) is printed as `String(value)`.
 * The `analytics-sandbox report` and `verify` commands pass every text of an answer through it
 * before printing, on stdout and stderr alike.
 *
 * @example
 * printable('\u001b]0;owned\u0007met \u001b[2J42\n') // '\uFFFDmet \uFFFD42\uFFFD'
 * printable(12) // '12'
 */
export function printable(value: unknown): string {
  return String(value).replace(ESCAPE_SEQUENCE, REPLACEMENT).replace(CONTROL, REPLACEMENT)
}

/**
 * `text` with every terminal escape sequence removed whole (colours, cursor moves, titles), for a
 * test runner's output shown in a report: its colours are no mark of anything, and a U+FFFD per
 * colour would bury the words. What remains still goes through {@link printable}.
 *
 * @example
 * withoutEscapes('\u001b[31m× fails\u001b[39m') // '× fails'
 */
export function withoutEscapes(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '')
}
