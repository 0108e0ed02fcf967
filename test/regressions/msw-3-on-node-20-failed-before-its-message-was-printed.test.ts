/**
 * Issue #37: on Node 20 with msw 3 installed, the one-line message was printed after an
 * asynchronous import, so a script whose first fetch failed at once exited with only `fetch failed
 * (cause: Promise.withResolvers is not a function)`. The Node entry now says it as it is imported,
 * before the script's next line runs.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { mswRuntimeProblem } from '../../src/vocabulary/msw-runtime-problem.js'

const root = new URL('../../', import.meta.url).pathname
const project = mkdtempSync(join(tmpdir(), 'analytics-sandbox-msw3-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

/** A project whose msw says it is `version`, with just what the package imports of msw. */
function projectWithMsw(version: string): string {
  const folder = join(project, version)
  const msw = join(folder, 'node_modules/msw')
  mkdirSync(msw, { recursive: true })
  writeFileSync(
    join(msw, 'package.json'),
    JSON.stringify({ name: 'msw', version, type: 'module', exports: { '.': './index.js', './package.json': './package.json' } }),
  )
  writeFileSync(join(msw, 'index.js'), 'export const http = {}; export const delay = () => Promise.resolve()\n')
  // A copy of what the package ships, as npm installs it: no node_modules of its own, msw a peer.
  const installed = join(folder, 'node_modules/analytics-sandbox')
  cpSync(join(root, 'dist'), join(installed, 'dist'), { recursive: true })
  cpSync(join(root, 'package.json'), join(installed, 'package.json'))
  writeFileSync(join(folder, 'script.mjs'), "import 'analytics-sandbox'\nprocess.stderr.write('the next line of the script\\n')\n")
  return folder
}

describe('the package imported on a Node older than msw 3 needs', () => {
  test('says in one line, before the script goes on, that msw 3 needs a newer Node, naming both versions', () => {
    const run = spawnSync(process.execPath, ['script.mjs'], { cwd: projectWithMsw('3.0.2'), encoding: 'utf8' })
    const problem = mswRuntimeProblem('3.0.2', process.versions.node)
    const expected = problem === undefined ? '' : `analytics-sandbox: ${problem}\n`
    expect(run.stderr).toBe(`${expected}the next line of the script\n`)
    expect(run.status).toBe(0)
  })

  test('says nothing with msw 2', () => {
    const run = spawnSync(process.execPath, ['script.mjs'], { cwd: projectWithMsw('2.12.0'), encoding: 'utf8' })
    expect(run.stderr).toBe('the next line of the script\n')
  })
})
