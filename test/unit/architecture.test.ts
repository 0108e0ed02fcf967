import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = new URL('../../src/', import.meta.url).pathname

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : /\.c?ts$/.test(entry.name) ? [join(directory, entry.name)] : [],
  )
}

/** Source without comments: JSDoc examples may mention anything. */
const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: stripComments(readFileSync(path, 'utf8')) }))

describe('the shape of the code', () => {
  it('imports node: modules only in src/server/ and src/cli/, so the handlers run in a browser', () => {
    const offenders = files
      .filter(({ path }) => !path.startsWith('server/') && !path.startsWith('cli/'))
      .filter(({ text }) => /from\s+['"]node:|import\(\s*['"]node:|require\(\s*['"]node:/.test(text))
      .map(({ path }) => path)
    expect(offenders).toEqual([])
  })

  it('uses named exports only', () => {
    expect(files.filter(({ text }) => /export\s+default\b/.test(text)).map(({ path }) => path)).toEqual([])
  })

  it('imports msw only in the msw adapter and the in-process sandbox, so the standalone server does not load it', () => {
    const offenders = files
      .filter(({ path }) => !path.startsWith('msw/') && !path.startsWith('sandbox/'))
      .filter(({ text }) => /from\s+['"]msw(\/[^'"]*)?['"]/.test(text.replace(/import type[^\n]*\n/g, '')))
      .map(({ path }) => path)
    expect(offenders).toEqual([])
  })

  it('builds every error answer from the ERRORS templates: no error code string is written elsewhere in src', () => {
    const codes = [
      'unauthorized',
      'forbidden',
      'missing_project_id',
      'invalid_project_id',
      'not_found',
      'method_not_allowed',
      'invalid_date',
    ]
    const offenders = files
      .filter(({ path }) => path !== 'vocabulary/errors.ts')
      .filter(({ text }) => codes.some((code) => text.includes(`'${code}'`)))
      .map(({ path }) => path)
    expect(offenders).toEqual([])
  })

  it('keeps the browser entry free of src/server and node: modules through every import', () => {
    const byPath = new Map(files.map((file) => [file.path, file.text]))
    const seen = new Set<string>()
    const visit = (path: string) => {
      if (seen.has(path)) return
      seen.add(path)
      for (const [, target] of (byPath.get(path) ?? '').matchAll(/from\s+'(\.[^']+)\.js'/g)) {
        visit(join(path, '..', `${target}.ts`).replace(/^\.\//, ''))
      }
    }
    visit('browser.ts')
    const reached = [...seen]
    expect(reached.length).toBeGreaterThan(20)
    expect(reached.filter((path) => path.startsWith('server/') || path.startsWith('cli/'))).toEqual([])
    expect(reached.filter((path) => /from\s+['"]node:/.test(byPath.get(path) ?? ''))).toEqual([])
  })

  it('formats no number or date through ICU outside the dashboard: the first toLocaleString or Intl format of a process sets up ICU, 20 ms of every start', () => {
    const offenders = files
      .filter(({ path }) => !path.startsWith('dashboard/'))
      .filter(({ text }) => /\.toLocale\w*String\(|\bIntl\.|\.localeCompare\(/.test(text))
      .map(({ path }) => path)
    expect(offenders).toEqual([])
  })

  it('states the limits messages quote once, in vocabulary/limits.ts: no 366 days, 64 KiB or 20,000 records written out elsewhere in src', () => {
    const written = /\b366\b|\b64 KiB\b|\b20[_,]000\b/
    const offenders = files.filter(({ path, text }) => path !== 'vocabulary/limits.ts' && written.test(text)).map(({ path }) => path)
    expect(offenders).toEqual([])
  })
})
