import { z } from 'zod'
import { ERRORS } from '../vocabulary/errors.js'
import { WARNING_TEMPLATES } from '../vocabulary/warnings.js'
import { ENDPOINT_NAMES } from '../vocabulary/endpoint-rules.js'
import { MAX_LATENCY_MS, parseLatency } from '../vocabulary/latency.js'
import { SCENARIO_NAME } from '../vocabulary/scenario-name.js'
import { FAULT_PREFIX, FAULT_TYPES, type FaultType } from '../vocabulary/faults.js'
import { FAULT_FIELD_NAMES, FAULT_FIELDS, faultFieldMisplaced, faultFieldRange, type FaultFieldName } from '../vocabulary/fault-fields.js'
import { VARIANT_NAMES, VARIANT_PREFIX } from '../vocabulary/variants.js'

/** The sandbox's own 400s (the admin API's, strict mode's): not answers the API itself gives, so no rule may force them. */
const ADMIN_ONLY: ReadonlySet<string> = new Set([
  ERRORS.unknownScenario.error,
  ERRORS.invalidBody.error,
  ...Object.values(WARNING_TEMPLATES).map((template) => template.error),
])

/** The `errors.error` codes a forced 400 may answer with: the API's own 400s. */
export const BAD_REQUEST_CODES: readonly string[] = Object.values(ERRORS).flatMap((template) =>
  template.status === 400 && 'error' in template && !ADMIN_ONLY.has(template.error) ? [template.error] : [],
)

/** Statuses a rule can force, each answered with the body the real service gives for it. */
export const FORCEABLE_STATUSES = [400, 401, 403, 404, 429, 500, 503] as const

const oneOrMany = <T extends z.ZodType>(item: T, message?: string) =>
  z.union([item, z.array(item).min(1, message ?? 'must not be empty')], message === undefined ? undefined : { error: message })
const projectId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** Latency: milliseconds, `"100-400"`, or `{ "min": 100, "max": 400 }`. */
export const latencySchema = z.union([
  z.number().int().min(0).max(MAX_LATENCY_MS),
  z.string().refine(
    (text) => {
      const range = parseLatency(text)
      return range !== undefined && range.max <= MAX_LATENCY_MS
    },
    { message: `must be milliseconds such as "250" or a range such as "100-400" (min <= max <= ${MAX_LATENCY_MS})` },
  ),
  z
    .strictObject({ min: z.number().int().min(0).max(MAX_LATENCY_MS), max: z.number().int().min(0).max(MAX_LATENCY_MS) })
    .refine((range) => range.max >= range.min, {
      message: 'max must not be below min',
    }),
])

/** Which requests a rule applies to; every field given must match (absent: any). */
export const ruleMatchSchema = z
  .strictObject({
    endpoint: oneOrMany(
      z.enum(ENDPOINT_NAMES, { error: `must be one of ${ENDPOINT_NAMES.join(', ')}` }),
      `must be one of ${ENDPOINT_NAMES.join(', ')}, or a list of them`,
    )
      .optional()
      .describe('Endpoint name(s): validate, projects, monitoring, overview'),
    key: oneOrMany(z.string().min(1), 'must be an API key, or a list of them').optional().describe('API key(s) sent in X-API-Key'),
    project: oneOrMany(projectId, 'must be a project id (a positive integer), or a list of them')
      .optional()
      .describe('Project id(s) concerned (X-Project-ID, or a PROJECT key’s project)'),
  })
  .describe('Which requests the rule applies to; every field given must match (absent: any request)')

/** Make matching requests fail with `status`: always, for a seeded share (`rate`), or on the `nth` matching call(s). */
export const failSchema = z
  .strictObject({
    status: z
      .union(
        FORCEABLE_STATUSES.map((status) => z.literal(status)),
        { error: `must be one of ${FORCEABLE_STATUSES.join(', ')}` },
      )
      .default(500)
      .describe("HTTP status to answer with, with the body the real service gives for it (500: the endpoint's own message)"),
    error: z
      .enum(BAD_REQUEST_CODES as [string, ...string[]], { error: `must be one of: ${BAD_REQUEST_CODES.join(', ')}` })
      .optional()
      .describe('For status 400: the errors.error to answer with (default bad_request)'),
    rate: z.number().gt(0).max(1).optional().describe('Fail this seeded share of matching requests (0 < rate <= 1)'),
    nth: oneOrMany(z.number().int().positive()).optional().describe('Fail only the nth matching request(s), counting from 1'),
    retryAfter: z.number().int().min(0).max(86_400).optional().describe('Seconds for Retry-After on a 429 or 503 (default 30)'),
  })
  .refine((fail) => fail.rate === undefined || fail.nth === undefined, { message: 'give rate or nth, not both' })
  .refine((fail) => fail.error === undefined || fail.status === 400, { message: 'error applies to status 400 only', path: ['error'] })
  .meta({
    not: { required: ['rate', 'nth'] },
    // "error implies status 400", as not-error or status 400 (JSON Schema's if/then, said without a `then` key).
    anyOf: [{ not: { required: ['error'] } }, { required: ['status'], properties: { status: { const: 400 } } }],
  })

/**
 * The message for a name a rule does not know: the valid names, and the fix where the built-in
 * scenario's name was written instead (`fault-connection-reset` for `connection-reset`).
 */
function unknownName(names: readonly string[], prefix: string): (issue: { readonly input?: unknown }) => string {
  return ({ input }) => {
    const valid = `must be one of ${names.join(', ')}`
    const bare = typeof input === 'string' && input.startsWith(prefix) ? input.slice(prefix.length) : undefined
    return bare !== undefined && names.includes(bare)
      ? `${valid}: write ${bare}, without "${prefix}", which only the built-in scenario's name has`
      : valid
  }
}

/** A fault field's number: a whole one in its range, refused naming the field otherwise. */
function faultNumber(field: FaultFieldName) {
  const { min, max, description } = FAULT_FIELDS[field]
  const range = faultFieldRange(field)
  return z.number({ error: range }).int(range).min(min, range).max(max, range).optional().describe(description)
}

type FaultNumbers = { [F in FaultFieldName]: ReturnType<typeof faultNumber> }

/** Whether `fault` gives `field` only where its type takes it. */
const givenWhereItApplies = (fault: { readonly type: FaultType } & { readonly [F in FaultFieldName]?: number }, field: FaultFieldName) =>
  fault[field] === undefined || (FAULT_FIELDS[field].types as readonly FaultType[]).includes(fault.type)

/** "`field` only on its faults", said in JSON Schema: not given, or the type is one of them. */
const onlyOnItsFaults = (field: FaultFieldName) => {
  const { types } = FAULT_FIELDS[field]
  return { anyOf: [{ not: { required: [field] } }, { properties: { type: types.length === 1 ? { const: types[0] } : { enum: types } } }] }
}

/**
 * Make matching requests meet a fault of the network between client and API (a reset, a cut body, a
 * gateway's page…): always, for a seeded share (`rate`), or on the `nth` matching call(s). Applies
 * after routing, before the key check. The fields beside (`delay`, `duration`, `bytes_per_second`,
 * `bytes`) are `FAULT_FIELDS`' rows.
 */
export const faultSchema = FAULT_FIELD_NAMES.reduce(
  (schema, field) => schema.refine((fault) => givenWhereItApplies(fault, field), { message: faultFieldMisplaced(field), path: [field] }),
  z
    .strictObject({
      type: z
        .enum(FAULT_TYPES, { error: unknownName(FAULT_TYPES, FAULT_PREFIX) })
        .describe('The fault: the built-in scenario\'s name without "fault-"'),
      rate: z.number().gt(0).max(1).optional().describe('Fault this seeded share of matching requests (0 < rate <= 1)'),
      nth: oneOrMany(z.number().int().positive()).optional().describe('Fault only the nth matching request(s), counting from 1'),
      ...(Object.fromEntries(FAULT_FIELD_NAMES.map((field) => [field, faultNumber(field)])) as FaultNumbers),
    })
    .refine((fault) => fault.rate === undefined || fault.nth === undefined, { message: 'give rate or nth, not both' }),
)
  // The refinements above, said in the JSON Schema too (the documents admitted what the server refuses).
  .meta({ not: { required: ['rate', 'nth'] }, allOf: FAULT_FIELD_NAMES.map(onlyOnItsFaults) })

/** A fixed-window limit per key: `limit` requests per `windowSeconds`, then 429. */
export const rateLimitSchema = z.strictObject({
  limit: z.number().int().min(0).max(1_000_000),
  windowSeconds: z.number().int().positive().max(86_400),
  spent: z
    .boolean()
    .optional()
    .describe(
      'Every window starts with its requests used up, as for a key whose quota is spent: every request is refused, X-RateLimit-Limit still the limit',
    ),
})

/**
 * Each effect a rule may have, by name: its schema. The one list of effects; each has its entry in
 * the scenario effects table (`src/scenarios/scenario-effects.ts`), which says its stage and how it
 * applies (a type holds the two to the same names).
 */
export const EFFECT_SCHEMAS = {
  latency: latencySchema.describe('Delay added to the answer, in ms: 250, "100-400" or {"min": 100, "max": 400}'),
  keys: z
    .enum(['expired', 'revoked'], { error: 'must be expired or revoked' })
    .describe('Treat matching keys as expired or revoked: 401 unauthorized'),
  projects: z.literal('hidden', { error: 'must be hidden' }).describe('Hide matching projects: an empty account, 403 forbidden for each'),
  data: z.literal('none', { error: 'must be none' }).describe('Remove the analytics: 200 with 0 dates'),
  fail: failSchema.describe('Fail matching requests after the key, project and query checks'),
  rateLimit: rateLimitSchema.describe('Extension: limit requests per key per window, then 429 with Retry-After'),
  fault: faultSchema.describe('A fault of the network or a gateway (a reset, a cut body, an HTML 502…), before the key check'),
  variant: z
    .enum(VARIANT_NAMES, { error: unknownName(VARIANT_NAMES, VARIANT_PREFIX) })
    .describe('Answer successes as the real API may where the spec leaves room: the built-in scenario\'s name without "variant-"'),
} as const

/**
 * The name of an effect a rule may have.
 *
 * @example
 * const stage: EffectName = 'rateLimit'
 */
export type EffectName = keyof typeof EFFECT_SCHEMAS

const EFFECTS = Object.keys(EFFECT_SCHEMAS) as EffectName[]

type OptionalEffects = { [N in EffectName]: z.ZodOptional<(typeof EFFECT_SCHEMAS)[N]> }

// Described on the optional field, as the documents have always said it.
const optionalEffects = Object.fromEntries(
  EFFECTS.map((name) => [name, EFFECT_SCHEMAS[name].optional().describe(EFFECT_SCHEMAS[name].description!)]),
) as OptionalEffects

/** One rule: a scope (`match`) and one or more effects. */
export const ruleSchema = z
  .strictObject({ description: z.string().optional(), match: ruleMatchSchema.optional(), ...optionalEffects })
  .refine((rule) => EFFECTS.some((effect) => rule[effect] !== undefined), {
    message: `a rule needs at least one effect: ${EFFECTS.join(', ')}`,
  })
  .refine((rule) => rule.fail === undefined || rule.fault === undefined, {
    message: 'a rule has fail or fault, not both: a forced status is an answer, a fault is what stops one',
    path: ['fault'],
  })
  .meta({ anyOf: EFFECTS.map((effect) => ({ required: [effect] })), not: { required: ['fail', 'fault'] } })

/** A scenario file. */
export const scenarioSchema = z
  .strictObject({
    $schema: z.string().optional(),
    name: z
      .string()
      .regex(SCENARIO_NAME, 'must be 1-64 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit')
      .describe('The name to select it by (--scenario, PUT /__sandbox/scenario, X-Sandbox-Scenario)'),
    description: z
      .string({ error: 'is required: a sentence saying what the scenario does (--list-scenarios shows it)' })
      .min(1, 'is required: a sentence saying what the scenario does (--list-scenarios shows it)')
      .describe('What the scenario does, shown by --list-scenarios and GET /__sandbox/scenarios'),
    retry_after: z
      .int()
      .min(0)
      .max(86_400)
      .optional()
      .describe(
        'Seconds every Retry-After of its rules says (a rate limit’s 429, a 429 or 503 without its own retryAfter), so a suite that waits as told stays fast: 1',
      ),
    rules: z
      .array(ruleSchema, { error: 'must be a list of rules' })
      .min(1, 'needs at least one rule')
      .describe('Applied in order; see the README for precedence'),
  })
  .describe('An analytics-sandbox scenario (among the scenarios in force, names are unique)')

/**
 * An item of a list of scenarios to put in force (`PUT /__sandbox/scenario`, a session's
 * `scenarios`): a name of the catalogue, or a definition in the scenario file format.
 *
 * @example
 * scenarioItemSchema.parse('fail-once') // 'fail-once'
 */
export const scenarioItemSchema = z
  .union([
    // Any text is read: the catalogue answers a name it does not know with 400 unknown_scenario and
    // the names it has. The document says the form a name can have.
    z
      .string()
      .meta({ pattern: SCENARIO_NAME.source })
      .describe('The name of a scenario in the catalogue (GET /__sandbox/scenarios); another name is 400 unknown_scenario'),
    // A scenario file as it is, its $schema too.
    scenarioSchema,
  ])
  .meta({ id: 'ScenarioItem', description: 'A scenario to put in force: a name of the catalogue, or a definition' })

/**
 * A validated scenario.
 *
 * @example
 * const scenario: Scenario = parseScenario(JSON.parse(text), 'my-scenario.json')
 */
export type Scenario = z.output<typeof scenarioSchema>
/**
 * A scenario as written in a file, or given inline to `useScenario` and the `scenarios` option.
 *
 * @example
 * const onlyOverviewFails: ScenarioInput = {
 *   name: 'overview-down',
 *   description: 'Overview answers 500',
 *   rules: [{ match: { endpoint: 'overview' }, fail: { status: 500 } }],
 * }
 */
export type ScenarioInput = z.input<typeof scenarioSchema>
/** A validated rule. */
export type ScenarioRule = z.output<typeof ruleSchema>
/** A rule's scope. */
export type RuleMatch = z.output<typeof ruleMatchSchema>
