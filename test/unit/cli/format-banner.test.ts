import { describe, expect, it } from 'vitest'
import { formatBanner, formatTokenNote, READY_LINE, type BannerFacts } from '../../../src/cli/format-banner.js'
import { createLogSink, LOG_DROPPED_NOTE, type LogStream } from '../../../src/cli/create-log-sink.js'

const FACTS: BannerFacts = {
  version: '1.2.3',
  url: 'http://127.0.0.1:4321/api/v1/',
  format: 'pretty',
  today: '2026-03-01',
  frozen: true,
  seed: 1,
  fixtures: undefined,
  generated: 0,
  scenarios: [],
  admin: { token: undefined, generated: false },
}

describe('the ready line', () => {
  it('comes first in the pretty banner and alone with --log none, naming the base URL READY_LINE reads', () => {
    const pretty = formatBanner(FACTS)
    expect(pretty.split('\n')[0]).toBe('analytics-sandbox 1.2.3 listening on http://127.0.0.1:4321/api/v1/')
    expect(READY_LINE.exec(pretty)?.[1]).toBe(FACTS.url)
    expect(formatBanner({ ...FACTS, format: 'none' })).toBe('analytics-sandbox 1.2.3 listening on http://127.0.0.1:4321/api/v1/\n')
    expect(JSON.parse(formatBanner({ ...FACTS, format: 'json' }))).toMatchObject({ event: 'listening', url: FACTS.url })
  })

  it('with --log none, says a made-up admin token in one stderr line, and nothing for a token the user gave', () => {
    const madeUp = { ...FACTS, format: 'none' as const, admin: { token: 'tok-123', generated: true } }
    expect(formatTokenNote(madeUp)).toBe(
      'analytics-sandbox: the admin API requires X-Sandbox-Admin-Token: tok-123 (made up: this address is reachable from other machines)\n',
    )
    expect(formatTokenNote({ ...madeUp, admin: { token: 'mine', generated: false } })).toBeUndefined()
    expect(formatTokenNote({ ...madeUp, format: 'pretty' })).toBeUndefined()
  })
})

describe('createLogSink', () => {
  it('writes while the backlog is under its bound, then drops and counts, says so once, and writes again once the reader caught up', () => {
    const written: string[] = []
    const stream: LogStream & { writableLength: number } = { writableLength: 0, write: (line) => written.push(line) > 0 }
    const notes: string[] = []
    const sink = createLogSink(stream, (note) => notes.push(note), 100)
    sink.write('a\n')
    stream.writableLength = 100
    sink.write('b\n')
    sink.write('c\n')
    stream.writableLength = 0
    sink.write('d\n')
    expect(written).toEqual(['a\n', 'd\n'])
    expect(sink.stats()).toEqual({ written: 2, dropped: 2 })
    expect(notes).toEqual([LOG_DROPPED_NOTE])
  })
})
