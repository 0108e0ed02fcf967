import { describe, expect, it } from 'vitest'
import { isLoopback } from '../../../src/vocabulary/is-loopback.js'

describe('isLoopback', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    'localhost',
    'LOCALHOST',
    '::1',
    '::ffff:127.0.0.1',
    'localhost:4010',
    '127.0.0.1:1',
    '[::1]',
    '[::1]:4010',
  ])('takes %s for this machine, as an address to bind or a Host header', (name) => expect(isLoopback(name)).toBe(true))

  it.each([
    '0.0.0.0',
    '::',
    '192.168.1.2',
    '10.0.0.1',
    'example.test',
    'rebound.example:4010',
    'localhost.example',
    '127.0.0.1.nip.example',
    'localhost:x',
    '[::2]:4010',
    '',
  ])('takes %s for another machine', (name) => expect(isLoopback(name)).toBe(false))
})
