import { describe, expect, it } from 'vitest'
import {
  BANDWIDTH_SLICE_MS,
  bandwidthSchedule,
  cutAfterLength,
  SLOW_BODY_PIECES,
  SLOW_HEADERS_PIECE_BYTES,
  slowBodySchedule,
  slowHeadersSchedule,
  type PieceSchedule,
} from '../../../src/vocabulary/faults.js'

/** Every piece `schedule` makes of `byteLength` bytes, in order. */
function piecesOf(schedule: PieceSchedule, byteLength: number): Array<{ end: number; atMs: number }> {
  const pieces = []
  for (let sent = 0; sent < byteLength; ) {
    const piece = schedule(sent)
    pieces.push(piece)
    sent = piece.end
  }
  return pieces
}

describe('How the paced faults pace their bytes', () => {
  it('bandwidth sends slices of about 50 ms of its rate, the last byte due when the rate has sent the whole body', () => {
    const pieces = piecesOf(bandwidthSchedule(10_000, 2_000), 10_000)
    expect(pieces[0]).toEqual({ end: (2_000 * BANDWIDTH_SLICE_MS) / 1000, atMs: BANDWIDTH_SLICE_MS })
    expect(pieces.at(-1)).toEqual({ end: 10_000, atMs: 5_000 })
    // Each slice is due when the rate has sent its last byte: the rate holds at every slice, not only on average.
    for (const piece of pieces) expect(piece.atMs).toBeCloseTo((piece.end * 1000) / 2_000, 9)
  })

  it('bandwidth sends a byte at a time at the slowest rates, and never an empty slice', () => {
    const pieces = piecesOf(bandwidthSchedule(3, 1), 3)
    expect(pieces).toEqual([
      { end: 1, atMs: 1000 },
      { end: 2, atMs: 2000 },
      { end: 3, atMs: 3000 },
    ])
  })

  it('slow-body spreads a body over its duration in at most 16 pieces, the last due at the duration', () => {
    const pieces = piecesOf(slowBodySchedule(679, 3_000), 679)
    expect(pieces.length).toBeLessThanOrEqual(SLOW_BODY_PIECES)
    expect(pieces.at(-1)).toEqual({ end: 679, atMs: 3_000 })
    expect(piecesOf(slowBodySchedule(17, 1_600), 17).at(-1)).toEqual({ end: 17, atMs: 1_600 })
  })

  it('slow-headers spreads a head over its duration a few bytes at a time, the last due at the duration', () => {
    const pieces = piecesOf(slowHeadersSchedule(330, 3_000), 330)
    expect(pieces.length).toBe(Math.ceil(330 / SLOW_HEADERS_PIECE_BYTES))
    expect(pieces.every((piece, index) => piece.end - (pieces[index - 1]?.end ?? 0) <= SLOW_HEADERS_PIECE_BYTES)).toBe(true)
    expect(pieces.at(-1)!.atMs).toBeCloseTo(3_000, 9)
  })

  it('gives every piece at once where the duration is 0, and ends a body of no bytes at once', () => {
    expect(piecesOf(slowHeadersSchedule(40, 0), 40).every((piece) => piece.atMs === 0)).toBe(true)
    expect(slowBodySchedule(0, 3_000)(0)).toEqual({ end: 0, atMs: 0 })
    expect(bandwidthSchedule(0, 512)(0)).toEqual({ end: 0, atMs: 0 })
  })
})

describe('How cut-after cuts a body', () => {
  it('keeps the bytes a rule asks for, and one byte short of the end where they reach it, so the body is always cut', () => {
    expect(cutAfterLength(679, 0)).toBe(0)
    expect(cutAfterLength(679, 100)).toBe(100)
    expect(cutAfterLength(679, 678)).toBe(678)
    expect(cutAfterLength(679, 679)).toBe(678)
    expect(cutAfterLength(679, 100_000_000)).toBe(678)
  })

  it('keeps nothing of a body of no bytes (which no cut can make shorter)', () => {
    expect(cutAfterLength(0, 10)).toBe(0)
  })
})
