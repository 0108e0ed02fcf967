/**
 * The request schemas of the contract (what the OpenAPI document publishes) against the guards that
 * implement them (what the sandbox answers): for every single value a client can send, the guard
 * accepts it exactly when the schema does. Seeded (`CONTRACT_SEED` tries others); fast-check prints the
 * seed and the shrunk counterexample on a disagreement.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyticsQuerySchema, projectIdHeaderSchema } from '../../../src/contract/request-schemas.js'
import { createOpenApiDocument } from '../../../src/contract/create-openapi-document.js'
import { FIRST_DAY, LAST_DAY } from '../../../src/vocabulary/calendar-date.js'
import { PROVIDERS } from '../../../src/vocabulary/providers.js'
import { REGIONS } from '../../../src/vocabulary/regions.js'
import { SandboxError } from '../../../src/vocabulary/sandbox-error.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { projectIdOf, readProjectIdHeader, wellFormedProjectId } from '../../../src/core/guards/authorize-project.js'
import { parseAnalyticsQuery } from '../../../src/core/guards/parse-analytics-query.js'
import { MAX_RANGE_DAYS } from '../../../src/vocabulary/analytics-query.js'

const SEED = Number(process.env.CONTRACT_SEED ?? 20260301)
const runs = (numRuns: number) => ({ seed: SEED, numRuns })

const TODAY = '2026-03-01'
const MS_PER_DAY = 86_400_000
/** The day number of a valid `YYYY-MM-DD`, computed here with Date, independently of the sandbox's calendar code. */
function dayOf(date: string): number {
  const day = new Date(0)
  // setUTCFullYear, not Date.UTC: that one reads the years 0 to 99 as 1900 to 1999.
  day.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))
  return day.getTime() / MS_PER_DAY
}
const TODAY_DAY = dayOf(TODAY)

// ---------------------------------------------------------------------------------------------
// The query of /monitoring and /overview
// ---------------------------------------------------------------------------------------------

type QueryName = 'start_date' | 'end_date' | 'provider' | 'region'

/** The guard's verdict on a query: `ok`, or the `errors.error` of its 400. */
function guardVerdict(query: string): string {
  try {
    parseAnalyticsQuery(query, TODAY_DAY)
    return 'ok'
  } catch (error) {
    if (error instanceof SandboxError && error.template.error !== undefined) return error.template.error
    throw error
  }
}

/**
 * Whether the schema accepts `value` for `name`, as the guard receives it. No case folding first:
 * the schema (and so the OpenAPI document) takes provider ids and region codes in any case itself.
 */
const schemaAccepts = (name: QueryName, value: string) => analyticsQuerySchema.shape[name].safeParse(value).success

/** The query string with these parameters, and each value as the guard decodes it back. */
function written(values: Partial<Record<QueryName, string>>): { query: string; decoded: Partial<Record<QueryName, string>> } {
  const query = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString()
  const params = new URLSearchParams(query)
  const decoded: Partial<Record<QueryName, string>> = {}
  for (const name of Object.keys(values) as QueryName[]) {
    const value = params.get(name)
    if (value !== null) decoded[name] = value
  }
  return { query, decoded }
}

/** Whether a range and the period before it lie within 0000-01-01 to 9999-12-31 (README: dates YYYY-MM-DD can write). */
const withinYears = (from: number, end: number) => 2 * from - end - 1 >= FIRST_DAY && end <= LAST_DAY

const formatDay = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10)

/** Text of every kind: printable ASCII, any code point, whole graphemes. */
const anyTextArb = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }))

const dateValueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: TODAY_DAY - 1_000, max: TODAY_DAY + 100 }).map(formatDay) },
  // The right shape, often an impossible date: month 13, day 31 of a short month, 29 February of a common year.
  { weight: 3, arbitrary: fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }))
      .map(([year, month]) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-29`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '2024-02-29',
      '2023-02-29',
      '1900-02-29',
      '2000-02-29',
      '0000-02-29',
      '0000-01-01',
      '9999-12-31',
      '2026-02-30',
      '2026-04-31',
      '2026-2-01',
      '2026-03-1',
      '2026/03/01',
      '20260301',
      '+2026-03-01',
      '-2026-03-01',
      '02026-03-01',
      '2026-03-01T00:00:00Z',
      '2026-03-01 ',
      ' 2026-03-01',
      '２０２６-03-01',
      '2026-03-0١',
      '',
      'today',
      '2026-W09',
    ),
  },
  { weight: 1, arbitrary: anyTextArb },
)

/** Look-alikes that case folding outside ASCII would turn into an id: the Kelvin sign, dotless i, long s, Cyrillic letters. */
const PROVIDER_LOOK_ALIKES = [
  'deepsee\u212a',
  'gem\u0131n\u0131',
  'gemını',
  '\uff23hatgpt',
  'chatgpt\u0000',
  'chatgpt ',
  'google-ai-overview',
  'GOOGLE_AI_MODE',
  'Google_Ai_Overview',
  'openai',
  '',
  '*',
]
const providerValueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROVIDERS) },
  { weight: 3, arbitrary: fc.mixedCase(fc.constantFrom(...PROVIDERS)) },
  { weight: 2, arbitrary: fc.constantFrom(...PROVIDER_LOOK_ALIKES) },
  { weight: 2, arbitrary: anyTextArb },
)

const REGION_LOOK_ALIKES = [
  'u\u0455',
  '\u0130T',
  'ı\u0131',
  '\u017fe',
  'I\u0307T',
  'ＵＳ',
  'USA',
  'U S',
  'EU',
  'UK',
  'XX',
  'ZZ',
  '',
  'u',
  '__proto__',
]
const regionValueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...REGIONS) },
  { weight: 3, arbitrary: fc.mixedCase(fc.constantFrom(...REGIONS)) },
  { weight: 2, arbitrary: fc.constantFrom(...REGION_LOOK_ALIKES) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z]{2}$/) },
  { weight: 2, arbitrary: anyTextArb },
)

const VALUE_ARBS: Readonly<Record<QueryName, fc.Arbitrary<string>>> = {
  start_date: dateValueArb,
  end_date: dateValueArb,
  provider: providerValueArb,
  region: regionValueArb,
}

/** The 400 the guard answers for a value of `name` it refuses. */
const REFUSAL: Readonly<Record<QueryName, string | undefined>> = {
  start_date: ERRORS.invalidDate.error,
  end_date: ERRORS.invalidDate.error,
  provider: ERRORS.invalidProvider.error,
  region: ERRORS.invalidRegion.error,
}

describe('analyticsQuerySchema and the query guard (parseAnalyticsQuery)', () => {
  it.each(Object.keys(VALUE_ARBS) as QueryName[])(
    'agree on every single value of %s, in any case: the guard accepts it exactly when the schema does',
    (name) => {
      fc.assert(
        fc.property(VALUE_ARBS[name], (value) => {
          const { query, decoded } = written({ [name]: value })
          // Alone, a date breaks no range rule but the years one: the other end is derived 29 days away.
          const date = decoded[name] ?? ''
          const accepted = schemaAccepts(name, date)
          const end = name === 'end_date' && accepted ? dayOf(date) : name === 'start_date' && accepted ? dayOf(date) + 29 : TODAY_DAY
          const expected = !accepted ? REFUSAL[name] : withinYears(end - 29, end) ? 'ok' : ERRORS.invalidDate.error
          expect(guardVerdict(query), `${name}=${JSON.stringify(value)}`).toBe(expected)
        }),
        runs(3_000),
      )
    },
  )

  it('agree on queries of all four: the guard refuses with the first parameter the schema refuses, and otherwise only for the range rules the schema describes', () => {
    const queryArb = fc.record(
      { start_date: dateValueArb, end_date: dateValueArb, provider: providerValueArb, region: regionValueArb },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(queryArb, (values) => {
        const { query, decoded } = written(values)
        const accepted = (name: QueryName) => decoded[name] === undefined || schemaAccepts(name, decoded[name])
        const verdict = guardVerdict(query)
        if (!accepted('start_date') || !accepted('end_date')) {
          expect(verdict).toBe(ERRORS.invalidDate.error)
          return
        }
        // The range, resolved as the product contract says: 30 days ending today by default, the missing end derived.
        const start = decoded.start_date === undefined ? undefined : dayOf(decoded.start_date)
        const end = decoded.end_date === undefined ? (start === undefined ? TODAY_DAY : start + 29) : dayOf(decoded.end_date)
        const from = start ?? end - 29
        const expected =
          end < from
            ? ERRORS.invalidDateRange.error
            : end - from + 1 > MAX_RANGE_DAYS
              ? ERRORS.dateRangeTooLarge.error
              : !withinYears(from, end)
                ? ERRORS.invalidDate.error
                : !accepted('provider')
                  ? ERRORS.invalidProvider.error
                  : !accepted('region')
                    ? ERRORS.invalidRegion.error
                    : 'ok'
        expect(verdict, query).toBe(expected)
      }),
      runs(3_000),
    )
  })

  it('sees every outcome of the guard among the generated queries', () => {
    const seen = new Set<string>()
    const queryArb = fc.record(
      { start_date: dateValueArb, end_date: dateValueArb, provider: providerValueArb, region: regionValueArb },
      { requiredKeys: [] },
    )
    for (const values of fc.sample(queryArb, runs(3_000))) seen.add(guardVerdict(written(values).query))
    expect([...seen].sort()).toEqual(
      [
        'ok',
        ERRORS.invalidDate.error,
        ERRORS.invalidDateRange.error,
        ERRORS.dateRangeTooLarge.error,
        ERRORS.invalidProvider.error,
        ERRORS.invalidRegion.error,
      ].sort(),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// X-Project-ID
// ---------------------------------------------------------------------------------------------

/** The guard's reading of a present X-Project-ID: the id, `absent` (a blank header counts as missing), or `invalid` (its 400). */
function guardReads(header: string): number | 'absent' | 'invalid' {
  try {
    return wellFormedProjectId(readProjectIdHeader(header)) ?? 'absent'
  } catch (error) {
    if (error instanceof SandboxError && error.template === ERRORS.invalidProjectId) return 'invalid'
    throw error
  }
}

/**
 * A header value as HTTP delivers it: the optional whitespace (spaces and tabs) around it is not part
 * of the value (node:http and fetch's Headers both strip it), and a blank value counts as missing (README).
 */
const asDelivered = (value: string) => value !== '' && !/^[ \t]|[ \t]$/.test(value)

/** `text` with every character outside printable ASCII written as `\uXXXX`, so a failure shows what was sent. */
const escaped = (text: string) => text.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** Both readings of one value, and whether they agree: the guard reads an id exactly when the schema accepts it. */
function expectAgreement(header: string): void {
  const read = guardReads(header)
  const shown = escaped(header)
  expect({ header: shown, guardReadsAnId: typeof read === 'number' }).toEqual({
    header: shown,
    guardReadsAnId: projectIdHeaderSchema.safeParse(header).success,
  })
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

describe('projectIdHeaderSchema and the X-Project-ID guard (readProjectIdHeader, judged by wellFormedProjectId and projectIdOf)', () => {
  it('agree on every string of digits, of any length, leading zeros included: the guard reads an id exactly when the schema accepts it', () => {
    const digitsArb = fc.oneof(
      fc.bigInt({ min: 1n, max: 10n ** 20n }).map(String),
      // Around 2^53 − 1, the largest id the guard reads (README: "more than 2^53 − 1" is 400).
      fc.bigInt({ min: MAX_SAFE - 1_000n, max: MAX_SAFE + 1_000n }).map(String),
      fc.bigInt({ min: 10n ** 15n, max: 10n ** 16n }).map(String),
      fc.stringMatching(/^[0-9]{1,24}$/),
    )
    fc.assert(fc.property(digitsArb, expectAgreement), runs(3_000))
  })

  it('agree on every other value as HTTP delivers it: signs, exponents, look-alike digits, lists, Unicode spaces around an id, any text', () => {
    const idArb = fc.integer({ min: 1, max: 1_000_000 }).map(String)
    // Characters String.prototype.trim removes that HTTP does not (it strips spaces and tabs only).
    const unicodeSpaceArb = fc.constantFrom('\u00a0', '\u2007', '\u2028', '\u3000', '\ufeff', '\u000b', '\u000c', '\u1680')
    const otherArb = fc
      .oneof(
        fc.constantFrom(
          '0',
          '-1',
          '-101',
          '+101',
          '1e2',
          '0x65',
          '0b1',
          '0o7',
          '10.5',
          '101.',
          '101,102',
          '101, 102',
          '101 102',
          '1_01',
          '101n',
          '[101]',
          '"101"',
          'NaN',
          'Infinity',
          '-0',
          '１０１',
          '١٠١',
          'null',
          '__proto__',
        ),
        fc.tuple(unicodeSpaceArb, idArb, fc.constantFrom('', '\u00a0')).map((parts) => parts.join('')),
        fc.tuple(idArb, unicodeSpaceArb).map((parts) => parts.join('')),
        anyTextArb,
      )
      .filter(asDelivered)
    fc.assert(fc.property(otherArb, expectAgreement), runs(3_000))
  })

  it('reads a blank X-Project-ID as missing, as the README and the parameter description say', () => {
    expect(guardReads('')).toBe('absent')
    expect(projectIdOf(readProjectIdHeader(''))).toBeUndefined()
  })

  it('peeks the same id as it parses, and nothing where it refuses or reads none', () => {
    fc.assert(
      fc.property(fc.oneof(anyTextArb, fc.bigInt({ min: 0n, max: 10n ** 18n }).map(String)), (header) => {
        const read = guardReads(header)
        expect(projectIdOf(readProjectIdHeader(header))).toBe(typeof read === 'number' ? read : undefined)
      }),
      runs(2_000),
    )
  })
})

/** The schema of a parameter of GET /monitoring in the OpenAPI document. */
function documentedSchema(name: string): Record<string, unknown> {
  const parameter = createOpenApiDocument().paths['/monitoring']?.get.parameters.find((item) => item.name === name)
  if (parameter === undefined) throw new Error(`No parameter ${name} in the document`)
  return parameter.schema as Record<string, unknown>
}

describe('X-Project-ID in the OpenAPI document', () => {
  const schema = documentedSchema('X-Project-ID')
  /** Whether the document's schema takes `id`: JSON Schema's integer with its bounds, checked here by hand. */
  const documentTakes = (id: bigint) =>
    schema.type === 'integer' && id > BigInt(schema.exclusiveMinimum as number) && id <= BigInt(schema.maximum as number)

  it('is the integer the spec defines, not a string', () => {
    expect(schema).toMatchObject({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER })
  })

  it('takes exactly the ids whose decimal digits the guard reads as that id, up to 2^53 − 1 and not one more', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.bigInt({ min: -10n, max: 10n ** 17n }), fc.bigInt({ min: MAX_SAFE - 10_000n, max: MAX_SAFE + 10_000n })),
        (id) => {
          const read = guardReads(String(id))
          expect(documentTakes(id), String(id)).toBe(typeof read === 'number')
          if (typeof read === 'number') expect(BigInt(read)).toBe(id)
        },
      ),
      runs(3_000),
    )
  })
})

describe('region and provider in the OpenAPI document', () => {
  it.each([
    ['region', regionValueArb],
    ['provider', providerValueArb],
  ] as const)('take %s in any case by their pattern, exactly the values the guard accepts', (name, valueArb) => {
    const schema = documentedSchema(name)
    expect(schema).not.toHaveProperty('enum')
    const pattern = new RegExp(String(schema.pattern))
    fc.assert(
      fc.property(valueArb, (value) => {
        const { query, decoded } = written({ [name]: value })
        const sent = decoded[name] ?? ''
        expect(pattern.test(sent), `${name}=${JSON.stringify(value)}`).toBe(guardVerdict(query) === 'ok')
      }),
      runs(3_000),
    )
  })
})
