import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

interface LockEntry {
  readonly optionalDependencies?: Record<string, string>
  readonly dependencies?: Record<string, string>
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry & { version?: string }>
}

describe('package-lock.json', () => {
  // npm 11's `npm ci` refuses a lock that lacks any optional dependency, even one for another
  // platform; an `npm install` against a registry that serves only some platforms' binaries leaves
  // those out (biome's and oxlint's), so the README's `npm ci` would fail on a fresh machine.
  it("lists every platform package of every optional dependency, so npm 11's npm ci accepts it on any machine", () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.entries(entry.optionalDependencies ?? {})
        .filter(
          ([name]) => lock.packages[`node_modules/${name}`] === undefined && lock.packages[`${path}/node_modules/${name}`] === undefined,
        )
        .map(([name, version]) => `${name}@${version} (of ${path})`),
    )
    expect(missing).toEqual([])
  })
})
