import { execFile } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../', import.meta.url).pathname

/** Runs tsc on `project`: its exit code and output. */
function tsc(project: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '-p', project],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : ((error.code as number | undefined) ?? 1), output: `${stdout}${stderr}` }),
    )
  })
}

describe('the type check', () => {
  // `npm run typecheck`, inside the suite: it runs beside the other tests instead of before them all
  // (6 s of one core that the rest of the suite, waiting on sockets and child processes, leaves idle).
  it('finds no type error in the sources, the tests and the vitest configurations (tsc -p tsconfig.test.json)', async () => {
    const { code, output } = await tsc('tsconfig.test.json')
    expect(output.trim(), 'tsc -p tsconfig.test.json').toBe('')
    expect(code).toBe(0)
  }, 120_000)

  it('compiles what must run in a browser without Node types: no Buffer, process or node: module in it (tsc -p tsconfig.core.json)', async () => {
    const { code, output } = await tsc('tsconfig.core.json')
    expect(output.trim(), 'tsc -p tsconfig.core.json').toBe('')
    expect(code).toBe(0)
  }, 120_000)
})
