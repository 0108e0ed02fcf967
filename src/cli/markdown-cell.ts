import { printable } from '../vocabulary/printable.js'

/**
 * A markdown table cell: printable, pipes and backticks escaped.
 *
 * @example
 * markdownCell('a|b') // 'a\\|b'
 */
export function markdownCell(text: unknown): string {
  return printable(text).replaceAll('|', '\\|').replaceAll('`', "'")
}
