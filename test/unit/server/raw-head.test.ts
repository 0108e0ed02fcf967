import { describe, expect, it } from 'vitest'
import { rawHead } from '../../../src/server/raw-head.js'

describe('The raw head a transport writes itself', () => {
  it('is the status line with its reason, a line per header and per value of a list, a Date, then the blank line', () => {
    const head = rawHead(200, { 'content-type': 'application/json', 'x-sandbox-warning': ['a: one', 'b: two'], connection: 'close' })!
    const text = head.toString('latin1')
    expect(
      text.startsWith(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-sandbox-warning: a: one\r\nx-sandbox-warning: b: two\r\nconnection: close\r\ndate: ',
      ),
    ).toBe(true)
    expect(text).toMatch(/\r\ndate: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\r\n\r\n$/)
  })

  it("keeps an answer's own Date, and names a status node has no reason for", () => {
    const text = rawHead(599, { date: 'Sun, 01 Mar 2026 00:00:00 GMT' })!.toString('latin1')
    expect(text).toBe('HTTP/1.1 599 Unknown\r\ndate: Sun, 01 Mar 2026 00:00:00 GMT\r\n\r\n')
  })

  it('is refused (undefined) for a header node would refuse to send, so no line can be split into two', () => {
    expect(rawHead(200, { 'x-bad': 'one\r\nset-cookie: two' })).toBeUndefined()
    expect(rawHead(200, { 'bad name': 'x' })).toBeUndefined()
  })
})
