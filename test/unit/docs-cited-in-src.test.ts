import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/** The repository root. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Every file of `folder` (recursively) whose name ends in one of `endings`. */
function filesOf(folder: string, endings: readonly string[]): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return filesOf(path, endings)
    return endings.some((ending) => entry.name.endsWith(ending)) ? [path] : []
  })
}

/** Each `docs/…` path a file cites, with the file. */
const CITED = ['src', 'scripts', 'bench'].flatMap((folder) =>
  filesOf(folder, ['.ts', '.cts', '.mjs']).flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bdocs\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]/g)].map(
      (match) => [file, match[0]] as const,
    ),
  ),
)

describe('the docs the code cites (#53)', () => {
  it('are cited at all (the search finds some)', () => {
    expect(CITED.length).toBeGreaterThan(10)
  })

  it('exist, every one of them', () => {
    expect(CITED.filter(([, path]) => !existsSync(join(ROOT, path)))).toEqual([])
  })
})
