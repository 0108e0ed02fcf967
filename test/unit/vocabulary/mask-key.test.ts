import { describe, expect, it } from 'vitest'
import { maskKey, maskKeysIn, maskKeysInPath, maskKeysInQuery } from '../../../src/vocabulary/mask-key.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import { KeyFinder } from '../../../src/vocabulary/key-finder.js'

describe('maskKey', () => {
  it('keeps the first 6 and last 2 characters of a key of 12 to 15, and the last 4 of a longer one, where that still hides 6', () => {
    expect(maskKey('sbx_user_alpha')).toBe('sbx_us…ha')
    expect(maskKey('sbx_project_101')).toBe('sbx_pr…01')
    expect(maskKey('sbx_user_expired')).toBe('sbx_us…ired')
    expect(maskKey('sk_live_0123456789abcdef')).toBe('sk_liv…cdef')
  })

  it('tells every documented key apart (sbx_user_expired and sbx_user_revoked once both read sbx_us…ed)', () => {
    const masks = Object.values(DOCUMENTED_KEYS).map(maskKey)
    expect(new Set(masks).size).toBe(masks.length)
  })

  it('hides a short key entirely', () => {
    expect(maskKey('short')).toBe('…')
    expect(maskKey('')).toBe('…')
    expect(maskKey('elevenchars')).toBe('…')
  })

  it('passes a missing key through as null', () => {
    expect(maskKey(null)).toBeNull()
  })

  it('never returns the full key, nor contains it, for keys of any length', () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789_'
    for (let length = 1; length <= 300; length++) {
      const key = Array.from({ length }, (_, index) => alphabet[(index * 7 + length) % alphabet.length]).join('')
      const masked = maskKey(key)!
      expect(masked).not.toBe(key)
      expect(masked.includes(key)).toBe(false)
      expect(masked.length).toBeLessThanOrEqual(11)
      expect(key.length - (masked.length - 1), 'characters hidden').toBeGreaterThanOrEqual(length < 12 ? length : 4)
    }
  })
})

describe('redactKeys', () => {
  it('masks the values of key-, token- and secret-like query parameters, for a client that puts its key in the URL', async () => {
    const { redactKeys } = await import('../../../src/vocabulary/mask-key.js')
    expect(redactKeys('/api/v1/projects?api_key=sbx_user_alpha&region=US')).toBe('/api/v1/projects?api_key=…&region=US')
    expect(redactKeys('/x?X-API-Key=abc&token=t&client_secret=s')).toBe('/x?X-API-Key=…&token=…&client_secret=…')
    expect(redactKeys('/api/v1/monitoring?start_date=2026-01-01')).toBe('/api/v1/monitoring?start_date=2026-01-01')
  })
})

describe('maskKeysIn', () => {
  const keys = new KeyFinder()
  keys.add('sbx_user_alpha')

  it('masks a known key as a path segment, a query name or value, percent- or plus-encoded, and hides secret-like values', () => {
    expect(maskKeysIn('/api/v1/sbx_user_alpha/x?auth=sbx%5Fuser%5Falpha&sbx_user_alpha&token=abc', keys)).toBe(
      '/api/v1/sbx_us…ha/x?auth=sbx_us…ha&sbx_us…ha&token=…',
    )
  })

  it('gives back the very same string when there is nothing to mask', () => {
    const text = '/api/v1/projects?start_date=2026-01-01'
    expect(maskKeysIn(text, keys)).toBe(text)
    expect(maskKeysInPath('/api/v1/projects', keys)).toBe('/api/v1/projects')
    expect(maskKeysInQuery('a=1&b', keys)).toBe('a=1&b')
  })

  it('leaves a piece that cannot be decoded as it is', () => {
    expect(maskKeysIn('/api/%E0%A4%A/x?y=%zz', keys)).toBe('/api/%E0%A4%A/x?y=%zz')
  })
})

describe('maskKeysIn, keys that overlap or hide behind a bad escape', () => {
  const keys = new KeyFinder()
  keys.add('sbx_user_alpha')
  keys.add('ha_secret_key')

  it('masks a key that overlaps one masked before it, so the first mask’s last characters do not complete it', () => {
    const shown = maskKeysIn('/api/v1/projects?q=sbx_user_alpha_secret_key', keys)
    expect(shown).not.toContain('ha_secret_key')
    expect(shown).not.toContain('sbx_user_alpha')
  })

  it('masks a percent-encoded key in a piece that also holds a bad escape', () => {
    expect(maskKeysIn('/api/v1/projects/sbx%5Fuser_alpha%zz?q=sbx%5Fuser_alpha%ZZ', keys)).toBe(
      '/api/v1/projects/sbx_us…ha%zz?q=sbx_us…ha%ZZ',
    )
  })
})
