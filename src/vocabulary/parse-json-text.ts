/**
 * `JSON.parse` of a file's or a body's text, read as the JSON after a UTF-8 byte order mark when
 * one leads it (some editors write one). Throws `SyntaxError` as `JSON.parse` does.
 *
 * @example
 * parseJsonText('\uFEFF{"a":1}') // { a: 1 }
 */
export function parseJsonText(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
}
