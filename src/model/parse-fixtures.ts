import { ConfigError } from '../vocabulary/config-error.js'
import type { Fixtures } from '../contract/fixtures-schema.js'
import { loadInputSchemas } from '../contract/load-input-schemas.js'
import { describeIssues } from '../vocabulary/describe-issues.js'
import { defaultFixtures } from './default-fixtures.js'
import { inputMessage } from '../vocabulary/input-message.js'

/** What `"extends": "default"` names: the documented default data. */
export const DEFAULT_BASE = 'default'

const ARRAYS = ['users', 'api_keys', 'projects'] as const

/**
 * Validates fixtures (already parsed from JSON) and returns them with defaults applied. With
 * `"extends"`, the file's `users`, `api_keys` and `projects` are added to a base: `"default"`, or
 * one of `bases` (the CLI reads the files a file extends and passes them here, by the name the file
 * gives). The whole is validated, so every rule across records holds (a key of the file on a
 * project of the base must be its user's). Throws one {@link ConfigError} naming the source and
 * listing every mistake, each at its place in the file.
 *
 * @example
 * parseFixtures({ extends: 'default', users: [{ id: 9, name: 'Mine' }] }, 'mine.json').users.length // 4
 * parseFixtures(JSON.parse(text), 'fixtures/mine.json')
 * // ConfigError: Failed to load fixtures (fixtures/mine.json): 2 problems: projects[0].region: …; api_keys[1].key: duplicate key
 */
export function parseFixtures(input: unknown, source: string, bases: ReadonlyMap<string, Fixtures> = new Map()): Fixtures {
  const fail = (why: string) => new ConfigError(`Failed to load fixtures (${source}): ${why}`)
  const extended = typeof input === 'object' && input !== null && !Array.isArray(input) && 'extends' in input
  let whole: unknown = input
  const offsets = { users: 0, api_keys: 0, projects: 0 }
  if (extended) {
    const { extends: name, ...own } = input as Record<string, unknown>
    const base = name === DEFAULT_BASE ? defaultFixtures : typeof name === 'string' ? bases.get(name) : undefined
    if (base === undefined) {
      throw fail(
        `extends: must be "${DEFAULT_BASE}"${bases.size > 0 ? ' or the path of another fixtures file' : ' (only a file given to --fixtures may extend another file)'}`,
      )
    }
    const merged: Record<string, unknown> = { ...own }
    for (const array of ARRAYS) {
      offsets[array] = base[array].length
      const added = own[array] ?? []
      merged[array] = Array.isArray(added) ? [...base[array], ...added] : added
    }
    whole = merged
  }
  const result = loadInputSchemas().fixturesSchema.safeParse(whole, { error: inputMessage })
  if (result.success) return result.data
  // A mistake found in the merged arrays is shown where it is in the file: its index less the base's length.
  const issues = result.error.issues.map(({ path, message }) => {
    const [array, index, ...rest] = path as PropertyKey[]
    const offset = typeof array === 'string' && array in offsets ? offsets[array as keyof typeof offsets] : 0
    if (offset === 0 || typeof index !== 'number') return { path: path as PropertyKey[], message }
    return { message, path: index >= offset ? [array!, index - offset, ...rest] : [`(base) ${String(array)}`, index, ...rest] }
  })
  throw fail(describeIssues(issues))
}
