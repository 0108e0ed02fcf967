import { z } from 'zod'
import { expectBodySchema } from './expect-schemas.js'
import {
  BEHAVIOUR_RULE_NAMES,
  BEHAVIOUR_VERDICTS,
  MAX_JUDGED_KEYS,
  MAX_KEPT_FAILURES,
  MAX_LISTED_KEYS,
  MAX_RETRIES_LIMIT,
  type BehaviourVerdict,
} from '../vocabulary/behaviour-rules.js'
import { LIMITS } from '../vocabulary/limits.js'
import { scenarioBodySchema } from './scenario-body-schema.js'
import { sessionBodySchema, sessionViewSchema } from './session-schemas.js'
import { ENDPOINT_NAMES } from '../vocabulary/endpoint-rules.js'
import type { AdminOperation, AdminSchemaName } from './admin-operations.js'
import { WARNING_TEMPLATES } from '../vocabulary/warnings.js'

const WARNING_CODES = Object.values(WARNING_TEMPLATES).map((template) => template.error) as [string, ...string[]]

import {
  accountBodySchema,
  accountViewSchema,
  clockBodySchema,
  clockViewSchema,
  keyBodySchema,
  keyPatchSchema,
  keyViewSchema,
  projectBodySchema,
  projectPatchSchema,
  projectViewSchema,
} from './portal-schemas.js'

const emptyObject = z.strictObject({})
const names = z.array(z.string()).describe('Scenario names, in the order they apply')

/** `GET health`. */
export const healthDataSchema = z
  .strictObject({
    status: z.literal('ok'),
    today: z.string().describe("The clock's today, YYYY-MM-DD"),
    seed: z.int(),
    active_scenarios: names,
    requests: z.int().min(0).describe('Requests recorded in the journal since the start or the last clear'),
    mutation: z
      .string()
      .nullable()
      .describe("The mutation its answers are given with (mutate's, from ANALYTICS_SANDBOX_MUTATION), or null"),
    log: z
      .strictObject({ written: z.int().min(0), dropped: z.int().min(0) })
      .optional()
      .describe('The request log (standalone process)'),
  })
  .meta({ id: 'Health', description: 'The sandbox is up' })

/** `GET scenarios`. */
export const scenariosDataSchema = z
  .strictObject({
    scenarios: z.array(
      z.strictObject({ name: z.string(), description: z.string(), source: z.string(), active: z.boolean() }).meta({ id: 'ScenarioEntry' }),
    ),
    active: names,
  })
  .meta({ id: 'Scenarios', description: 'The catalogue: built-in scenarios and those from files or the admin API' })

/** A warning: a request the real API would answer, but probably not as the client meant. */
const warningSchema = z
  .strictObject({
    code: z.enum(WARNING_CODES).describe('Also the errors.error strict mode answers with'),
    detail: z.string(),
  })
  .meta({ id: 'Warning' })

/** `GET mutations`: what `mutate` runs a suite under. */
export const mutationsDataSchema = z
  .strictObject({
    mutations: z.array(
      z
        .strictObject({
          id: z.string().describe('<kind>:<endpoint>:<path>, such as drop:monitoring:data.visibility_score.history'),
          kind: z
            .enum(['drop', 'retype', 'null', 'empty'])
            .describe('drop: the field is missing; retype: a leaf in another type; null: the value is null; empty: a list [] or a map {}'),
          endpoint: z.enum(ENDPOINT_NAMES),
          path: z.string().describe('The field in the success answer; [] goes through every item of a list'),
          envelope: z
            .boolean()
            .describe('An envelope field a correct client may ignore (message, code, errors, meta_data): run only with mutate --envelope'),
        })
        .meta({ id: 'Mutation' }),
    ),
    variants: z.array(
      z
        .strictObject({
          name: z.string(),
          kind: z.literal('variant'),
          description: z.string(),
          changes: z
            .partialRecord(z.enum(ENDPOINT_NAMES), z.array(z.string()))
            .describe('The fields of each endpoint’s success it changes: mutate judges it where the suite noticed a mutation of one'),
        })
        .meta({ id: 'VariantRun' }),
    ),
  })
  .meta({ id: 'Mutations', description: 'Every mutation derived from the contract, in order, and the variants' })

/** One journal entry. */
export const journalEntrySchema = z
  .strictObject({
    id: z.int().min(1),
    time: z.string().describe('When it was answered, ISO 8601 UTC (the real time)'),
    method: z.string(),
    path: z.string(),
    query: z.string().describe('The query string without its ?, secret-like values masked'),
    status: z.int().nullable().describe('The status the client saw; null where a fault sent no answer (a reset, an empty reply)'),
    key: z.string().nullable().describe('The API key, masked'),
    project_id: z.string().nullable().describe('X-Project-ID as sent (masked if it is a key)'),
    scenarios: names,
    error: z.string().nullable().describe("The answer's errors.error, when it has one"),
    cut: z
      .boolean()
      .describe(
        `Whether path and query were cut: the journal keeps ${LIMITS.journalTextChars} characters of them together, the cut marked with …`,
      ),
    warnings: z.array(warningSchema).describe('What the request probably got wrong (also sent as X-Sandbox-Warning lines)'),
    fault: z
      .string()
      .nullable()
      .describe('The fault the request met (its built-in scenario name, such as fault-connection-reset); null for none'),
  })
  .meta({ id: 'JournalEntry', description: 'One answered API request; any key the sandbox knows is masked wherever the request put it' })

/** `GET requests`. */
export const requestsDataSchema = z
  .strictObject({
    requests: z.array(journalEntrySchema),
    recorded: z.int().min(0),
    capacity: z.int().min(1),
    more: z.boolean().describe('With since: whether later entries remain to read'),
  })
  .meta({ id: 'Requests', description: 'The request journal, oldest first' })

const exampleSchema = z
  .strictObject({
    method: z.literal('GET'),
    path: z.string().describe('Below the base URL, such as monitoring'),
    query: z.record(z.string(), z.string()),
    headers: z.record(z.string(), z.string()).describe('Documented keys; X-Sandbox-Scenario where only a scenario gives the outcome'),
  })
  .meta({ id: 'OutcomeExample', description: 'A request that produces the outcome, relative to the base URL' })

/** `GET coverage`: the client report. */
export const coverageDataSchema = z
  .strictObject({
    total: z.int().min(1),
    covered: z.int().min(0),
    percent: z.number().min(0).max(100).describe('covered / total × 100, to one decimal'),
    outcomes: z.array(
      z
        .strictObject({
          id: z.string(),
          endpoint: z.enum(ENDPOINT_NAMES).nullable().describe('null for a variant or a fault: a client meets those in shared code'),
          status: z.int().nullable().describe('The status the client sees; null where no answer comes (a reset, an empty reply)'),
          error: z.string().nullable().describe('errors.error; null for a success and a 500'),
          key_level: z.enum(['USER', 'PROJECT']).nullable().describe('For a success: the key level; null where it does not matter'),
          dates: z.enum(['some', 'none']).nullable().describe('For an analytics success: whether the range had dates with data'),
          description: z.string(),
          scenario: z.string().nullable().describe('The built-in scenario its example uses, where one is needed'),
          seen: z.int().min(0).describe('How many answers met it'),
          example: exampleSchema,
        })
        .meta({ id: 'Outcome' }),
    ),
    warnings: z.array(
      z
        .strictObject({
          code: z.enum(WARNING_CODES),
          count: z.int().min(1),
          detail: z.string().describe('The first such warning'),
          request_id: z.int().min(1).describe('The journal id of the first request that got it'),
        })
        .meta({ id: 'WarningCount' }),
    ),
    reached: z
      .array(z.enum(ENDPOINT_NAMES))
      .describe('The endpoints that answered a success (under a variant too), in the API’s order: what a mutation of theirs can reach'),
  })
  .meta({ id: 'Coverage', description: 'The client report' })

const behaviourVerdict = z.enum(BEHAVIOUR_VERDICTS as [BehaviourVerdict, ...BehaviourVerdict[]])

/** `data` of `GET behaviour`: the verdicts on the client's behaviour. */
export const behaviourDataSchema = z
  .strictObject({
    scope: z.enum(['reset', 'suite']),
    max_retries: z.int().min(0).max(MAX_RETRIES_LIMIT).describe('The retries bounded-retries allowed'),
    judged: z.int().min(0).describe('Requests judged'),
    not_judged: z.int().min(0).describe(`Requests of keys past the first ${MAX_JUDGED_KEYS}, not judged`),
    summary: z
      .strictObject({ pass: z.int().min(0), fail: z.int().min(0), not_exercised: z.int().min(0) })
      .describe('How many rules have each verdict'),
    rules: z.array(
      z
        .strictObject({
          rule: z.enum(BEHAVIOUR_RULE_NAMES),
          verdict: behaviourVerdict.describe('fail if any key broke it, pass if some key met it, else not-exercised'),
          description: z.string(),
          exercise: z.string().nullable().describe('The scenario that would exercise it, where it was not'),
          keys: z
            .array(
              z
                .strictObject({
                  key: z.string().nullable().describe('The key as sent, masked; null for requests without one'),
                  session: z.string().nullable().describe('The session it was sent under; null for this sandbox'),
                  verdict: behaviourVerdict,
                  exercised: z.int().min(0).describe('Times the rule was met'),
                  failed: z.int().min(0).describe('Times it was broken'),
                  failures: z
                    .array(
                      z
                        .strictObject({
                          message: z.string(),
                          gap_ms: z.int().nullable().describe('The gap that broke it, in ms, where a gap did'),
                          wanted_ms: z.int().nullable().describe('The least gap the rule wanted'),
                          entries: z.array(journalEntrySchema).describe('The requests, in the journal’s order'),
                          more: z.int().min(0).describe('Requests of it not listed'),
                        })
                        .meta({ id: 'BehaviourFailure' }),
                    )
                    .max(MAX_KEPT_FAILURES),
                  waited_ms: z
                    .array(z.int().min(0))
                    .max(MAX_KEPT_FAILURES)
                    .describe('gives-up: how long the client waited before it closed the connection, the first few times'),
                })
                .meta({ id: 'BehaviourKeyVerdict' }),
            )
            .max(MAX_LISTED_KEYS)
            .describe('The keys’ verdicts, the broken first'),
          keys_left_out: z.int().min(0).describe('Keys not listed'),
        })
        .meta({ id: 'BehaviourRuleVerdict' }),
    ),
  })
  .meta({ id: 'Behaviour', description: "Verdicts on the client's behaviour" })

/** `data` of the scenario operations and of the reset. */
export const activeDataSchema = z.strictObject({ active: names }).meta({ id: 'ActiveScenarios' })

/**
 * The zod schema of each body and answer the admin API's table names ({@link ADMIN_OPERATIONS}):
 * what the OpenAPI document is built from and the tests check answers against.
 *
 * @example
 * ADMIN_SCHEMAS[ADMIN_OPERATIONS.put_clock.body] // clockBodySchema
 */
export const ADMIN_SCHEMAS: Readonly<Record<AdminSchemaName, z.ZodType>> = {
  health: healthDataSchema,
  scenarios: scenariosDataSchema,
  mutations: mutationsDataSchema,
  active: activeDataSchema,
  scenarioBody: scenarioBodySchema,
  requests: requestsDataSchema,
  empty: emptyObject,
  coverage: coverageDataSchema,
  behaviour: behaviourDataSchema,
  expectBody: expectBodySchema,
  expectation: z
    .strictObject({ ok: z.literal(true), matched: z.array(journalEntrySchema).describe('The requests it counted, oldest first') })
    .meta({ id: 'ExpectationMet', description: 'An expectation met' }),
  accountBody: accountBodySchema,
  account: accountViewSchema,
  projectBody: projectBodySchema,
  projectPatch: projectPatchSchema,
  project: projectViewSchema,
  deletedProject: z.strictObject({ id: z.int() }),
  keys: z
    .strictObject({
      keys: z.array(keyViewSchema),
      total: z.int().min(0),
      next_offset: z.int().min(0).nullable().describe('The offset of the next page, or null after the last'),
    })
    .meta({ id: 'Keys' }),
  keyBody: keyBodySchema,
  keyPatch: keyPatchSchema,
  key: keyViewSchema,
  deletedKey: z.strictObject({ key: z.string() }),
  clock: clockViewSchema,
  clockBody: clockBodySchema,
  sessions: z.strictObject({ sessions: z.array(sessionViewSchema) }).meta({ id: 'Sessions' }),
  sessionBody: sessionBodySchema,
  session: sessionViewSchema,
  endedSession: z.strictObject({ id: z.string() }),
}

/**
 * The admin API's error envelope: the API's, plus `errors.fields` listing a body's mistakes.
 *
 * @example
 * adminErrorEnvelopeSchema.parse(body).errors.fields?.[0]?.field
 */
export const adminErrorEnvelopeSchema = z
  .strictObject({
    success: z.literal(false),
    message: z.string(),
    code: z.int().min(400).max(599),
    data: emptyObject,
    errors: z.strictObject({
      error: z.string().optional(),
      detail: z.string().optional(),
      fields: z
        .array(z.strictObject({ field: z.string(), message: z.string() }))
        .optional()
        .describe("A body's mistakes, each with its field"),
      differences: z.array(z.string()).optional().describe('expectation_failed: what differed from the expectation'),
      entries: z.array(journalEntrySchema).optional().describe('expectation_failed: the requests judged'),
    }),
    meta_data: emptyObject,
  })
  .meta({ id: 'AdminError', description: 'An admin API error' })

/**
 * The success envelope of `operation`: its status as `code`, its `data`.
 */
export function adminSuccessSchema(operation: Pick<AdminOperation, 'status' | 'data'>) {
  return z.strictObject({
    success: z.literal(true),
    message: z.string(),
    code: z.literal(operation.status),
    data: operation.data === undefined ? emptyObject : ADMIN_SCHEMAS[operation.data],
    errors: emptyObject,
    meta_data: emptyObject,
  })
}
