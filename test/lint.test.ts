import { execFile } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../', import.meta.url).pathname

/** Runs `npm run <script>` in the repository: its exit code and all it printed. */
function npmRun(script: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', script], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, output: `${stdout}${stderr}` }),
    )
  })
}

describe('the lint', () => {
  // `npm run lint`, inside the suite: it runs beside the other tests instead of before them all.
  it('finds nothing: biome formats every file as it is, oxlint denies no warning, and every import keeps to the floor plan', async () => {
    const { code, output } = await npmRun('lint')
    expect(code, output).toBe(0)
  }, 120_000)
})
