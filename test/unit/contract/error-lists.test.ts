/**
 * Which errors each endpoint answers by itself (what the OpenAPI document lists), and which carry a
 * detail (what it requires), against the catalogue they are built from.
 */
import { describe, expect, it } from 'vitest'
import { errorTemplatesFor, errorTemplatesSent, namedOnlyByRules } from '../../../src/contract/endpoint-contracts.js'
import { sendsDetail } from '../../../src/contract/sends-detail.js'
import { strictModeErrors } from '../../../src/contract/strict-mode-errors.js'
import { ENDPOINT_NAMES, ENDPOINT_RULES } from '../../../src/vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../../../src/vocabulary/errors.js'
import { WARNING_TEMPLATES } from '../../../src/vocabulary/warnings.js'

const codes = (templates: readonly ErrorTemplate[]) => templates.map((template) => template.error)
const STATUSES = [...new Set(Object.values(ERRORS).map((template: ErrorTemplate) => template.status))]

describe('strictModeErrors', () => {
  it('gives every endpoint unknown_parameter, body_on_get and key_in_query, and ignored_parameter and ignored_project_id only where they can be a first warning', () => {
    expect(codes(strictModeErrors(ENDPOINT_RULES.validate))).toEqual([
      'unknown_parameter',
      'ignored_parameter',
      'body_on_get',
      'key_in_query',
    ])
    expect(codes(strictModeErrors(ENDPOINT_RULES.projects))).toEqual([
      'unknown_parameter',
      'ignored_parameter',
      'ignored_project_id',
      'body_on_get',
      'key_in_query',
    ])
    expect(codes(strictModeErrors(ENDPOINT_RULES.monitoring))).toEqual(['unknown_parameter', 'body_on_get', 'key_in_query'])
    expect(strictModeErrors(ENDPOINT_RULES.overview)).toEqual(strictModeErrors(ENDPOINT_RULES.monitoring))
  })

  it('never gives repeated_parameter, which always follows another warning of the same parameter', () => {
    for (const name of ENDPOINT_NAMES) expect(strictModeErrors(ENDPOINT_RULES[name])).not.toContain(WARNING_TEMPLATES.repeatedParameter)
  })
})

describe('errorTemplatesSent', () => {
  it('is, for every endpoint and status, what checkResponse accepts (errorTemplatesFor) but the API 400s only a rule naming them brings and the strict-mode codes that are never its first warning', () => {
    for (const name of ENDPOINT_NAMES) {
      for (const status of STATUSES) {
        const sent = new Set(errorTemplatesSent(name, status))
        const left = errorTemplatesFor(name, status).filter((template) => !sent.has(template))
        const strict = strictModeErrors(ENDPOINT_RULES[name])
        const neverFirst = Object.values(WARNING_TEMPLATES).filter((template: ErrorTemplate) => !strict.includes(template))
        const expected = status === 400 ? [...namedOnlyByRules(name), ...neverFirst] : []
        expect(codes(left).sort(), `${name} ${status}`).toEqual(codes(expected).sort())
      }
    }
  })

  it('leaves /validate without the analytics 400s and /monitoring without the 400s of endpoints that ignore a parameter', () => {
    expect(codes(namedOnlyByRules('validate'))).toEqual([
      'missing_project_id',
      'invalid_date',
      'invalid_date_range',
      'date_range_too_large',
      'invalid_provider',
      'invalid_region',
    ])
    expect(codes(namedOnlyByRules('monitoring'))).toEqual([])
    expect(codes(errorTemplatesSent('monitoring', 400))).not.toContain(ERRORS.ignoredParameter.error)
    expect(codes(errorTemplatesSent('validate', 400))).not.toContain(ERRORS.ignoredProjectId.error)
  })
})

describe('sendsDetail', () => {
  it('holds for every error with a code the endpoints answer, and for no 500', () => {
    for (const name of ENDPOINT_NAMES) {
      for (const status of STATUSES) {
        for (const template of errorTemplatesSent(name, status)) {
          expect(sendsDetail(template), `${name} ${status} ${template.error ?? template.message}`).toBe(template.error !== undefined)
        }
      }
    }
  })
})
