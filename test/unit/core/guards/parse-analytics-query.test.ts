import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../../../src/vocabulary/providers.js'
import { SandboxError } from '../../../../src/vocabulary/sandbox-error.js'
import { ERRORS, type ErrorTemplate } from '../../../../src/vocabulary/errors.js'
import { parseAnalyticsQuery } from '../../../../src/core/guards/parse-analytics-query.js'
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from '../../../../src/vocabulary/analytics-query.js'
import { TODAY, day } from '../../support/default-model.js'

/** The SandboxError that parsing `text` throws; fails the test when it throws nothing. */
function errorOf(text: string): SandboxError {
  expect(() => parseAnalyticsQuery(text, TODAY)).toThrow(SandboxError)
  try {
    parseAnalyticsQuery(text, TODAY)
  } catch (error) {
    if (error instanceof SandboxError) return error
    throw error
  }
  throw new Error('unreachable')
}

/** Asserts that parsing `text` is refused with `template`, and returns the error's detail. */
function expectRefused(text: string, template: ErrorTemplate): string | undefined {
  const error = errorOf(text)
  expect(error.template).toBe(template)
  expect(error.envelope).toMatchObject({
    success: false,
    message: template.message,
    code: 400,
    data: {},
    errors: { error: template.error },
    meta_data: {},
  })
  expect(Object.keys(error.envelope)).toEqual(['success', 'message', 'code', 'data', 'errors', 'meta_data'])
  return error.envelope.errors.detail
}

describe('parseAnalyticsQuery: dates', () => {
  it('defaults to the 30 days ending on the given today when no date is given', () => {
    expect(DEFAULT_RANGE_DAYS).toBe(30)
    expect(parseAnalyticsQuery('', TODAY)).toEqual({ start: TODAY - 29, end: TODAY, provider: undefined, region: undefined })
    expect(parseAnalyticsQuery('', day('2024-03-10'))).toEqual({
      start: day('2024-02-10'),
      end: day('2024-03-10'),
      provider: undefined,
      region: undefined,
    })
  })

  it('accepts a leading question mark', () => {
    expect(parseAnalyticsQuery('?start_date=2024-01-01&end_date=2024-01-31', TODAY)).toMatchObject({
      start: day('2024-01-01'),
      end: day('2024-01-31'),
    })
  })

  it('derives end_date as start_date + 29 days when only start_date is given, across the leap day', () => {
    expect(parseAnalyticsQuery('start_date=2024-02-15', TODAY)).toMatchObject({ start: day('2024-02-15'), end: day('2024-03-15') })
    expect(parseAnalyticsQuery('start_date=2023-02-15', TODAY)).toMatchObject({ start: day('2023-02-15'), end: day('2023-03-16') })
  })

  it('derives end_date from start_date even when that end lies after today', () => {
    expect(parseAnalyticsQuery('start_date=2025-06-10', TODAY)).toMatchObject({ start: day('2025-06-10'), end: day('2025-07-09') })
  })

  it('derives start_date as end_date − 29 days when only end_date is given', () => {
    expect(parseAnalyticsQuery('end_date=2024-03-15', TODAY)).toMatchObject({ start: day('2024-02-15'), end: day('2024-03-15') })
    expect(parseAnalyticsQuery('end_date=2024-01-10', TODAY)).toMatchObject({ start: day('2023-12-12'), end: day('2024-01-10') })
  })

  it('accepts a one-day range whose start equals its end', () => {
    expect(parseAnalyticsQuery('start_date=2024-02-29&end_date=2024-02-29', TODAY)).toMatchObject({
      start: day('2024-02-29'),
      end: day('2024-02-29'),
    })
  })

  it('allows exactly 366 days (the whole leap year 2024)', () => {
    expect(MAX_RANGE_DAYS).toBe(366)
    const resolved = parseAnalyticsQuery('start_date=2024-01-01&end_date=2024-12-31', TODAY)
    expect(resolved.end - resolved.start + 1).toBe(366)
  })

  it('allows 366 days across a year boundary of a common year (2023-01-01..2024-01-01)', () => {
    const resolved = parseAnalyticsQuery('start_date=2023-01-01&end_date=2024-01-01', TODAY)
    expect(resolved.end - resolved.start + 1).toBe(366)
  })

  it('rejects 367 days with date_range_too_large, counting the leap day (2023-03-01..2024-03-01)', () => {
    const detail = expectRefused('start_date=2023-03-01&end_date=2024-03-01', ERRORS.dateRangeTooLarge)
    expect(detail).toContain('367')
  })

  it('rejects 367 days of 2024-01-01..2025-01-01 with date_range_too_large', () => {
    expectRefused('start_date=2024-01-01&end_date=2025-01-01', ERRORS.dateRangeTooLarge)
  })

  it('counts the leap day in a range over February 2024', () => {
    const resolved = parseAnalyticsQuery('start_date=2024-02-01&end_date=2024-03-01', TODAY)
    expect(resolved.end - resolved.start + 1).toBe(30)
    const common = parseAnalyticsQuery('start_date=2023-02-01&end_date=2023-03-01', TODAY)
    expect(common.end - common.start + 1).toBe(29)
  })

  it('rejects an end_date before start_date with invalid_date_range', () => {
    expectRefused('start_date=2024-03-02&end_date=2024-03-01', ERRORS.invalidDateRange)
  })

  it.each([
    ['start_date', '2023-02-29'],
    ['start_date', '2024-13-01'],
    ['start_date', '2024-1-01'],
    ['start_date', ''],
    ['end_date', '2024-04-31'],
    ['end_date', '2024-01-01T00:00:00Z'],
    ['end_date', '20240101'],
  ])('rejects %s=%j with invalid_date and a detail that names the parameter', (name, value) => {
    const detail = expectRefused(`${name}=${encodeURIComponent(value)}`, ERRORS.invalidDate)
    expect(detail).toContain(name)
  })

  it('rejects a date padded with a space (a "+" in the query) with invalid_date', () => {
    expectRefused('start_date=2024-01-01+', ERRORS.invalidDate)
  })

  it('rejects a repeated start_date or end_date with invalid_date, even when both values are equal', () => {
    expectRefused('start_date=2024-01-01&start_date=2024-01-01', ERRORS.invalidDate)
    expectRefused('start_date=2024-01-01&end_date=2024-01-05&end_date=2024-01-06', ERRORS.invalidDate)
  })
})

describe('parseAnalyticsQuery: provider and region', () => {
  it('matches providers case-insensitively and resolves them to their lower-case id', () => {
    expect(parseAnalyticsQuery('provider=ChatGPT', TODAY).provider).toBe('chatgpt')
    expect(parseAnalyticsQuery('provider=CHATGPT', TODAY).provider).toBe('chatgpt')
    expect(parseAnalyticsQuery('provider=Google_AI_Overview', TODAY).provider).toBe('google_ai_overview')
    expect(parseAnalyticsQuery('provider=chat%47pt', TODAY).provider).toBe('chatgpt')
  })

  it('accepts every documented provider id', () => {
    for (const provider of PROVIDERS) expect(parseAnalyticsQuery(`provider=${provider}`, TODAY).provider).toBe(provider)
  })

  it('matches regions case-insensitively and resolves them to upper case', () => {
    expect(parseAnalyticsQuery('region=us', TODAY).region).toBe('US')
    expect(parseAnalyticsQuery('region=Us', TODAY).region).toBe('US')
    expect(parseAnalyticsQuery('region=US', TODAY).region).toBe('US')
    expect(parseAnalyticsQuery('region=fr', TODAY).region).toBe('FR')
  })

  it('rejects an unknown provider with invalid_provider and a detail listing every accepted value', () => {
    const detail = expectRefused('provider=bard', ERRORS.invalidProvider)
    for (const provider of PROVIDERS) expect(detail).toContain(provider)
    expectRefused('provider=', ERRORS.invalidProvider)
    expectRefused('provider=chat gpt', ERRORS.invalidProvider)
  })

  it.each(['XX', 'USA', 'zz', 'U', '', 'UK'])('rejects the unknown region %j with invalid_region', (region) => {
    expectRefused(`region=${region}`, ERRORS.invalidRegion)
  })

  it('rejects a repeated provider with invalid_provider and a repeated region with invalid_region', () => {
    expectRefused('provider=chatgpt&provider=gemini', ERRORS.invalidProvider)
    expectRefused('provider=chatgpt&provider=chatgpt', ERRORS.invalidProvider)
    expectRefused('region=US&region=CA', ERRORS.invalidRegion)
    expectRefused('region=US&region=us', ERRORS.invalidRegion)
  })

  it('ignores unknown parameters', () => {
    expect(
      parseAnalyticsQuery('foo=bar&limit=5&start_date=2024-01-01&end_date=2024-01-02&page=x&provider=gemini&region=de', TODAY),
    ).toEqual({
      start: day('2024-01-01'),
      end: day('2024-01-02'),
      provider: 'gemini',
      region: 'DE',
    })
    expect(parseAnalyticsQuery('start_date_x=nonsense&Provider=nonsense', TODAY)).toEqual({
      start: TODAY - 29,
      end: TODAY,
      provider: undefined,
      region: undefined,
    })
  })

  it('refuses Unicode look-alikes that case-fold into a known provider or region', () => {
    expectRefused(`provider=${encodeURIComponent('deepsee\u212a')}`, ERRORS.invalidProvider)
    expectRefused(`region=${encodeURIComponent('\u0131n')}`, ERRORS.invalidRegion)
  })
})
