import type { Fixtures } from '../contract/fixtures-schema.js'
import { DEFAULT_BASE, parseFixtures } from '../model/parse-fixtures.js'
import { ConfigError } from '../vocabulary/config-error.js'
import { readJsonFile } from './read-json-file.js'

/** How many files a chain of `extends` may hold: a longer one is a mistake, not data. */
export const MAX_EXTENDS_DEPTH = 8

/**
 * The start-up error for an `extends` that names no file: the extending file, what it wrote, and
 * where that was looked for.
 *
 * @example
 * extendsNotFoundMessage('t1.json', 'defualt', '/work/defualt')
 * // 'Failed to load fixtures (t1.json): extends: "defualt" is neither "default" nor a file (looked for /work/defualt)'
 */
export function extendsNotFoundMessage(path: string, name: string, looked: string): string {
  return `Failed to load fixtures (${path}): extends: ${JSON.stringify(name.slice(0, 200))} is neither "${DEFAULT_BASE}" nor a file (looked for ${looked.slice(0, 400)})`
}

/** Whether `path` is a file that can be opened (a directory or a missing path is not). */
async function isFile(path: string): Promise<boolean> {
  const { stat } = await import('node:fs/promises')
  return stat(path).then(
    (found) => !found.isDirectory(),
    () => false,
  )
}

/**
 * Reads a fixtures file and, through `"extends"`, the files it builds on (a path relative to the
 * extending file, or `"default"`), and returns the whole, validated. Each file's mistakes are
 * reported at once, in one line naming that file; a cycle or a chain longer than
 * {@link MAX_EXTENDS_DEPTH} is an error naming the files.
 *
 * @example
 * const fixtures = await readFixturesFile('fixtures/ci.json') // { "extends": "./base.json", "api_keys": [...] }
 */
export async function readFixturesFile(path: string, chain: readonly string[] = []): Promise<Fixtures> {
  const { resolve, dirname } = await import('node:path')
  const absolute = resolve(path)
  if (chain.includes(absolute))
    throw new ConfigError(`Failed to load fixtures (${path}): extends makes a cycle: ${[...chain, absolute].join(' → ')}`)
  if (chain.length >= MAX_EXTENDS_DEPTH)
    throw new ConfigError(`Failed to load fixtures (${path}): extends goes more than ${MAX_EXTENDS_DEPTH} files deep`)
  const input = await readJsonFile(path, 'fixtures')
  const name = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as { extends?: unknown }).extends : undefined
  if (typeof name !== 'string' || name === DEFAULT_BASE) return parseFixtures(input, path)
  const basePath = resolve(dirname(absolute), name)
  // A typo ("defualt") would otherwise be reported against a path the user never wrote.
  if (!(await isFile(basePath))) throw new ConfigError(extendsNotFoundMessage(path, name, basePath))
  const base = await readFixturesFile(basePath, [...chain, absolute])
  return parseFixtures(input, path, new Map([[name, base]]))
}
