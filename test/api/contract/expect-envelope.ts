import { expect } from 'vitest'
import type { ErrorTemplate } from '../../../src/vocabulary/errors.js'
import type { Answer } from '../../support/transport.js'
import { ENVELOPE_FIELDS } from './fixtures.js'

/** Asserts the envelope's exact fields, in order, with `code` equal to the status and JSON content. */
export function expectEnvelope(answer: Answer): void {
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
  expect(Object.keys(answer.body)).toEqual(ENVELOPE_FIELDS)
  expect(answer.body.code).toBe(answer.status)
  expect(answer.body.meta_data).toEqual({})
  expect(typeof answer.body.message).toBe('string')
}

/** Asserts a success envelope: 200, `success` true, `errors` empty, and the message. */
export function expectSuccess(answer: Answer, message: string): void {
  expectEnvelope(answer)
  expect(answer.status).toBe(200)
  expect(answer.body.success).toBe(true)
  expect(answer.body.errors).toEqual({})
  expect(answer.body.message).toBe(message)
}

/** Asserts an error envelope built from `template`, with its default detail unless `detail` is given. */
export function expectError(answer: Answer, template: ErrorTemplate, detail?: string | RegExp): void {
  expectEnvelope(answer)
  expect(answer.status).toBe(template.status)
  expect(answer.body.success).toBe(false)
  expect(answer.body.data).toEqual({})
  expect(answer.body.message).toBe(template.message)
  if (template.error === undefined) {
    expect(answer.body.errors).toEqual({})
    return
  }
  expect(answer.body.errors.error).toBe(template.error)
  // The admin API lists a body's mistakes in errors.fields as well; nothing else carries more.
  const listed = template.error === 'invalid_body' || template.error === 'key_taken' ? ['fields'] : []
  expect(Object.keys(answer.body.errors).filter((name) => !listed.includes(name))).toEqual(['error', 'detail'])
  if (detail instanceof RegExp) expect(answer.body.errors.detail).toMatch(detail)
  else expect(answer.body.errors.detail).toBe(detail ?? template.detail)
}
