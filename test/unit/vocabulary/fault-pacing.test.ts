import { describe, expect, it } from 'vitest'
import { SLOW_BODY_PIECES, slowBodySchedule, type PieceSchedule } from '../../../src/vocabulary/faults.js'

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
  it('slow-body spreads a body over its duration in at most 16 pieces, the last due at the duration', () => {
    const pieces = piecesOf(slowBodySchedule(679, 3_000), 679)
    expect(pieces.length).toBeLessThanOrEqual(SLOW_BODY_PIECES)
    expect(pieces.at(-1)).toEqual({ end: 679, atMs: 3_000 })
    expect(piecesOf(slowBodySchedule(17, 1_600), 17).at(-1)).toEqual({ end: 17, atMs: 1_600 })
  })

  it('gives every piece at once where the duration is 0, and ends a body of no bytes at once', () => {
    expect(piecesOf(slowBodySchedule(40, 0), 40).every((piece) => piece.atMs === 0)).toBe(true)
    expect(slowBodySchedule(0, 3_000)(0)).toEqual({ end: 0, atMs: 0 })
  })
})
