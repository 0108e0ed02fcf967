/**
 * The regions made-up projects are placed in, each with its language: the one table the portal's
 * made-up projects and `--generate-projects` both draw from.
 *
 * @example
 * const [region, language] = REGION_LANGUAGES[0]! // ['US', 'en']
 */
export const REGION_LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ['US', 'en'],
  ['GB', 'en'],
  ['CA', 'en'],
  ['AU', 'en'],
  ['DE', 'de'],
  ['FR', 'fr'],
  ['ES', 'es'],
  ['IT', 'it'],
  ['NL', 'nl'],
  ['BR', 'pt'],
  ['JP', 'ja'],
  ['IN', 'en'],
]
