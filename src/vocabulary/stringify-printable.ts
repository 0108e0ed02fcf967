/** DEL and the C1 controls: JSON.stringify writes them raw, and some terminals act on C1 ones (U+009B starts a CSI). */
const RAW_CONTROL = /[\u007f-\u009f]/g

/**
 * `value` as JSON indented by two spaces, as `JSON.stringify(value, null, 2)` writes it but safe
 * to print on a terminal. JSON.stringify already writes every C0 control (ESC among them) as a
 * `\u001b` escape; DEL and the C1 controls it leaves raw are written as `\u007f`…`\u009f` escapes
 * here. They can only stand inside strings, so the JSON reads back as the same value.
 *
 * @example
 * stringifyPrintable({ detail: '\u001b[2J\u009b2J' }) // '{\n  "detail": "\\u001b[2J\\u009b2J"\n}'
 */
export function stringifyPrintable(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(RAW_CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
