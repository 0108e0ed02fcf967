import { printable } from '../vocabulary/printable.js'

/**
 * A value for XML, in an attribute or in text: made {@link printable} (JUnit XML is printed on a
 * terminal too, and a report's values are a server's), then without the characters XML 1.0 cannot
 * hold at all (C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF; lone surrogates,
 * while a pair, a character past U+FFFF, stays), and the five characters XML reserves escaped.
 *
 * @example
 * xmlText('a < b') // 'a &lt; b'
 */
export function xmlText(value: unknown): string {
  return printable(value)
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}
