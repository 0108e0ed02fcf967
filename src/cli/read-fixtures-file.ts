import type { Fixtures } from '../contract/fixtures-schema.js'
import { DEFAULT_BASE, parseFixtures } from '../model/parse-fixtures.js'
import { ConfigError } from '../vocabulary/config-error.js'
import { readJsonFile } from './read-json-file.js'

/** How many files a chain of `extends` may hold: a longer one is a mistake, not data. */
export const MAX_EXTENDS_DEPTH = 8

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
  const base = await readFixturesFile(resolve(dirname(absolute), name), [...chain, absolute])
  return parseFixtures(input, path, new Map([[name, base]]))
}
