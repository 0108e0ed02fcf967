import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain script of the repository, without declarations
import { needsBuild } from '../../../scripts/needs-build.mjs'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A clone's shape: a source file at `sourceAt` (seconds), and the bin at `binAt` unless undefined. */
function clone(sourceAt: number, binAt?: number): string {
  const root = mkdtempSync(join(tmpdir(), 'needs-build-'))
  folders.push(root)
  mkdirSync(join(root, 'src', 'core'), { recursive: true })
  writeFileSync(join(root, 'src', 'core', 'dispatch.ts'), '')
  utimesSync(join(root, 'src', 'core', 'dispatch.ts'), sourceAt, sourceAt)
  if (binAt !== undefined) {
    mkdirSync(join(root, 'dist', 'cli'), { recursive: true })
    writeFileSync(join(root, 'dist', 'cli', 'main.cjs'), '')
    utimesSync(join(root, 'dist', 'cli', 'main.cjs'), binAt, binAt)
  }
  return root
}

describe('npm start’s build check', () => {
  it('builds a clone with no dist/, as right after npm ci', () => {
    expect(needsBuild(clone(1_000))).toBe(true)
  })

  it('builds again when a source is newer than the bin, and not when none is', () => {
    expect(needsBuild(clone(2_000, 1_000))).toBe(true)
    expect(needsBuild(clone(1_000, 2_000))).toBe(false)
  })
})
