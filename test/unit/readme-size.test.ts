import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** The README is the user's manual, read end to end: it stays short, and the rest goes to docs/. */
const README_MAX_BYTES = 30_000

describe('the README', () => {
  it(`stays at most ${README_MAX_BYTES} bytes, with what does not fit moved to docs/`, () => {
    expect(readFileSync(new URL('../../README.md', import.meta.url)).byteLength).toBeLessThanOrEqual(README_MAX_BYTES)
  })
})
