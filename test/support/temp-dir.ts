import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/** A temporary folder for the tests of this file, removed afterwards; returns a writer and the folder. */
export function useTempDir(prefix: string): { write(name: string, text: string): Promise<string>; path(name: string): string } {
  let folder = ''
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), `analytics-sandbox-${prefix}-`))
  })
  afterAll(async () => {
    if (folder !== '') await rm(folder, { recursive: true, force: true })
  })
  return {
    async write(name, text) {
      const path = join(folder, name)
      await writeFile(path, text, 'utf8')
      return path
    },
    path: (name) => join(folder, name),
  }
}
