import { readFile } from 'node:fs/promises'
import { ConfigError } from '../config/config-error.js'
import type { FixturesInput } from '../model/fixtures-schema.js'

/**
 * Reads a fixtures file's JSON. Every failure is a one-line {@link ConfigError} naming the file
 * (missing, unreadable, not JSON); the records are validated once, by `resolveSandboxConfig`, which
 * is given the path to name the invalid field's file.
 *
 * @example
 * const fixtures = await loadFixturesFile('fixtures/mine.json')
 * resolveSandboxConfig({ fixtures }, 'fixtures/mine.json')
 */
export async function loadFixturesFile(path: string): Promise<FixturesInput> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory, not a file' : `cannot read it (${code ?? 'unknown error'})`
    throw new ConfigError(`Failed to load fixtures (${path}): ${why}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`Failed to load fixtures (${path}): not valid JSON (${(error as Error).message})`)
  }
  // Validated by resolveSandboxConfig, with this path as the source.
  return json as FixturesInput
}
