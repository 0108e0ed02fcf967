import { describe, expect, it } from 'vitest'
import { libraryOptionNames, OPTIONS } from '../../../src/vocabulary/options.js'
import type { SandboxOptions } from '../../../src/sandbox/sandbox-options.js'
import type { StartSandboxOptions } from '../../../src/server/start-sandbox.js'

// Every option of each library function, as its type has it: a name missing here, or one the type
// does not have, does not compile. The table must give each function exactly these.
const IN_PROCESS: Record<keyof SandboxOptions, true> = {
  fixtures: true,
  seed: true,
  now: true,
  latency: true,
  scenarios: true,
  generateProjects: true,
  baseUrl: true,
  strict: true,
  clientReport: true,
  mutation: true,
}
const { baseUrl: _inProcessOnly, ...BOTH } = IN_PROCESS
const SERVER: Record<keyof StartSandboxOptions, true> = {
  ...BOTH,
  port: true,
  host: true,
  adminToken: true,
  maxSessions: true,
  sessionTtl: true,
  timeouts: true,
}

describe('The options table', () => {
  it('gives createSandbox and startSandbox exactly the options their types take', () => {
    expect([...libraryOptionNames('in-process')].sort()).toEqual(Object.keys(IN_PROCESS).sort())
    expect([...libraryOptionNames('server')].sort()).toEqual(Object.keys(SERVER).sort())
  })

  it('gives every whole number a range, every flag a help, and a default within the range', () => {
    for (const [name, row] of Object.entries(OPTIONS) as [
      string,
      { kind: string; min?: number; max?: number; default?: unknown; help: string },
    ][]) {
      expect(row.help.length, name).toBeGreaterThan(0)
      if (row.kind !== 'whole') continue
      expect(row.min, name).toBeLessThanOrEqual(row.max!)
      if (typeof row.default === 'number') expect(row.default >= row.min! && row.default <= row.max!, name).toBe(true)
    }
  })
})
