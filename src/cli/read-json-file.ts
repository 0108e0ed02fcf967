import { parseJsonText } from '../vocabulary/parse-json-text.js'
import { ConfigError } from '../vocabulary/config-error.js'

/**
 * Reads a JSON file the user named (fixtures, a scenario). Every failure is a one-line
 * {@link ConfigError} naming what and the file: missing, unreadable, not JSON. The content is
 * validated by whoever receives it, with the path as its source.
 *
 * @example
 * const fixtures = await readJsonFile('fixtures/mine.json', 'fixtures')
 * resolveSandboxConfig({ fixtures }, { fixtures: 'fixtures/mine.json' })
 */
export async function readJsonFile(path: string, what: 'fixtures' | 'scenario'): Promise<unknown> {
  // Loaded when a file is named: node:fs/promises is a few ms of every start-up otherwise.
  const { readFile, stat } = await import('node:fs/promises')
  let text: string
  try {
    // Only a regular file: a FIFO or a device would block the read for ever.
    if (!(await stat(path)).isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOTFILE' })
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why =
      code === 'ENOENT' ? 'file not found' : code === 'ENOTFILE' ? 'not a regular file' : `cannot read it (${code ?? 'unknown error'})`
    throw new ConfigError(`Failed to load ${what} (${path}): ${why}`)
  }
  try {
    // A byte order mark is how some editors begin a UTF-8 file; it is not part of the JSON.
    return parseJsonText(text)
  } catch (error) {
    // V8 may quote the file in its message, newlines and all: the message stays one line.
    throw new ConfigError(
      `Failed to load ${what} (${path}): not valid JSON (${(error as Error).message.replace(/\s+/g, ' ').slice(0, 200)})`,
    )
  }
}
