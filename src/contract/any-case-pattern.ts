/** A character as a regular expression matches it on its own: letters in both cases, the rest escaped. */
function anyCase(character: string): string {
  const upper = character.toUpperCase()
  const lower = character.toLowerCase()
  return upper === lower ? character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&') : `[${upper}${lower}]`
}

/** The last characters of words that share everything before them, as one character class. */
function anyCaseClass(characters: readonly string[]): string {
  if (characters.length === 1) return anyCase(characters[0]!)
  const escape = (text: string) => text.replace(/[\\\]^-]/g, '\\$&')
  const uppers = characters.map((character) => escape(character.toUpperCase())).join('')
  const lowers = characters
    .filter((character) => character.toLowerCase() !== character.toUpperCase())
    .map((character) => escape(character.toLowerCase()))
    .join('')
  return `[${uppers}${lowers}]`
}

/**
 * A regular expression source, anchored, that matches exactly the ASCII `words` in any mix of upper
 * and lower case, and nothing else: the JSON Schema `pattern` of a value the API matches
 * case-insensitively (a `pattern` is ECMA-262 without flags, so `i` is not available). Words that
 * differ only in their last character share one alternative, so the 249 region codes fit in about
 * 1,200 characters.
 *
 * @example
 * anyCasePattern(['US', 'UY', 'DE']) // '^(?:[Uu][SYsy]|[Dd][Ee])$'
 * new RegExp(anyCasePattern(['chatgpt'])).test('ChatGPT') // true
 */
export function anyCasePattern(words: readonly string[]): string {
  if (words.length === 0 || words.some((word) => word === '' || !/^[\x20-\x7e]+$/.test(word))) {
    throw new Error(`anyCasePattern takes non-empty printable ASCII words: ${JSON.stringify(words)}`)
  }
  const byStem = new Map<string, string[]>()
  for (const word of words) {
    const stem = word.slice(0, -1).toUpperCase()
    const last = word.slice(-1).toUpperCase()
    const lasts = byStem.get(stem) ?? []
    if (!lasts.includes(last)) lasts.push(last)
    byStem.set(stem, lasts)
  }
  const alternatives = [...byStem].map(([stem, lasts]) => `${[...stem].map(anyCase).join('')}${anyCaseClass(lasts)}`)
  return `^(?:${alternatives.join('|')})$`
}
