import { afterEach, describe, expect, it } from 'vitest'
import { underVariant } from '../../../src/sandbox/under-variant.js'
import { MUTATION_ENV } from '../../../src/vocabulary/mutations.js'

const before = process.env[MUTATION_ENV]
afterEach(() => {
  if (before === undefined) delete process.env[MUTATION_ENV]
  else process.env[MUTATION_ENV] = before
})

describe('underVariant', () => {
  it('names the variant a mutate run is under, and nothing under a mutation or outside a run', () => {
    process.env[MUTATION_ENV] = 'variant-large'
    expect(underVariant()).toBe('variant-large')
    process.env[MUTATION_ENV] = 'drop:projects:data.total'
    expect(underVariant()).toBeUndefined()
    delete process.env[MUTATION_ENV]
    expect(underVariant()).toBeUndefined()
  })
})
