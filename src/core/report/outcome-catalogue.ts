import type { KeyLevel } from '../../vocabulary/key-level.js'
import { ENDPOINT_NAMES, type EndpointName, ENDPOINT_RULES, type EndpointRules } from '../../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../../vocabulary/errors.js'
import { builtinScenarios } from '../../scenarios/builtin-scenarios.js'
import { forcedTemplate } from '../../scenarios/scenario-effects.js'
import { exampleOf, type DatesKind, type OutcomeExample } from './outcome-examples.js'
import { FAULT_PREFIX, FAULT_TYPES, FAULTS } from '../../vocabulary/faults.js'
import { VARIANT_ENDPOINTS, VARIANT_NAMES, VARIANT_PREFIX, type VariantName } from '../../vocabulary/variants.js'

export type { DatesKind } from './outcome-examples.js'

/**
 * One thing an endpoint can answer, as a client must handle it: a status and `errors.error` (null
 * for a success and a 500), and for a success the key level and (analytics) whether the range had
 * data; with a request that produces it.
 *
 * @example
 * const outcome: Outcome = OUTCOMES.find((candidate) => candidate.id === 'monitoring.400.missing_project_id')!
 * outcome.example.headers // { 'X-API-Key': 'sbx_user_alpha' }
 */
export interface Outcome {
  readonly id: string
  /** `null` for a variant or a fault: a client meets those in its shared code, on any endpoint. */
  readonly endpoint: EndpointName | null
  /** `null` where no answer comes (a reset, an empty reply). */
  readonly status: number | null
  readonly error: string | null
  /** For a success: the key level it was answered to; `null` where it does not matter. */
  readonly key_level: KeyLevel | null
  /** For an analytics success: whether the range had dates with data; `null` where it does not matter. */
  readonly dates: DatesKind | null
  readonly description: string
  /** The built-in scenario its example uses, where one is needed (a 500, 0 dates, a 429…). */
  readonly scenario: string | null
  readonly example: OutcomeExample
}

const LEVELS: readonly KeyLevel[] = ['USER', 'PROJECT']

/** What a built-in scenario's rule makes `endpoint` answer, when it is an error; `undefined` otherwise. */
function scenarioTemplate(rule: (typeof builtinScenarios)[number]['rules'][number], endpoint: EndpointRules): ErrorTemplate | undefined {
  if (rule.rateLimit !== undefined) return ERRORS.rateLimited
  if (rule.keys !== undefined) return ERRORS.unauthorized
  if (rule.projects !== undefined) return endpoint.projectHeader === 'ignored' ? undefined : ERRORS.forbidden
  if (rule.fail === undefined) return undefined
  return forcedTemplate(rule.fail, endpoint.failure)
}

/** An example with the scenario it uses, so the two never disagree. */
const withExample = (example: OutcomeExample) => ({ scenario: example.headers['X-Sandbox-Scenario'] ?? null, example })

const sameAnswer = (a: ErrorTemplate, b: ErrorTemplate) => a.status === b.status && a.error === b.error

/** The outcomes of one endpoint: successes by key level (and data), its errors, then those only built-in scenarios give. */
function outcomesOf(endpoint: EndpointRules): Outcome[] {
  const { name } = endpoint
  const outcomes: Outcome[] = []
  for (const level of LEVELS) {
    for (const dates of endpoint.analytics ? (['some', 'none'] as const) : [null]) {
      const datesText = dates === null ? '' : dates === 'some' ? ', with data' : ', 0 dates'
      outcomes.push({
        id: `${name}.200.${level.toLowerCase()}${dates === null ? '' : dates === 'some' ? '.with_data' : '.no_dates'}`,
        endpoint: name,
        status: 200,
        error: null,
        key_level: level,
        dates,
        description: `Success for a ${level} key${datesText}`,
        ...withExample(exampleOf(name, { level, dates })),
      })
    }
  }
  const errors: Array<{ template: ErrorTemplate; scenario: string | null }> = [
    ERRORS.unauthorized,
    ...endpoint.errors,
    endpoint.failure,
  ].map((template) => ({ template, scenario: null }))
  for (const scenario of builtinScenarios) {
    for (const rule of scenario.rules) {
      const template = scenarioTemplate(rule, endpoint)
      if (template !== undefined && !errors.some((known) => sameAnswer(known.template, template)))
        errors.push({ template, scenario: scenario.name })
    }
  }
  for (const { template, scenario } of errors) {
    outcomes.push({
      id: `${name}.${template.status}${template.error === undefined ? '' : `.${template.error}`}`,
      endpoint: name,
      status: template.status,
      error: template.error ?? null,
      key_level: null,
      dates: null,
      description: template.message,
      ...withExample(exampleOf(name, { template, scenario })),
    })
  }
  return outcomes
}

/** The endpoint a variant's example asks: /projects where the variant shows there, else the first where it does. */
const exampleEndpointOf = (variant: VariantName): EndpointName => {
  const shown = VARIANT_ENDPOINTS[variant]
  return shown.includes('projects') ? 'projects' : shown[0]!
}

/** Production's surprises: one outcome per variant and per fault, met wherever the client met it. */
function surpriseOutcomes(): Outcome[] {
  const outcome = (name: string, status: number | null, endpoint: EndpointName): Outcome => {
    const scenario = builtinScenarios.find((candidate) => candidate.name === name)!
    const { headers, ...example } = exampleOf(endpoint, { level: 'USER', dates: null })
    return {
      id: name,
      endpoint: null,
      status,
      error: null,
      key_level: null,
      dates: null,
      description: scenario.description,
      scenario: name,
      example: { ...example, headers: { ...headers, 'X-Sandbox-Scenario': name } },
    }
  }
  return [
    ...VARIANT_NAMES.map((variant) => outcome(`${VARIANT_PREFIX}${variant}`, 200, exampleEndpointOf(variant))),
    ...FAULT_TYPES.map((type) => {
      const { status } = FAULTS[type]
      return outcome(`${FAULT_PREFIX}${type}`, status === 'answer' ? 200 : status, 'projects')
    }),
  ]
}

/**
 * Every outcome of the API, endpoint by endpoint, derived from the endpoints' rules (their errors,
 * their own 500), the error templates and the built-in scenarios: nothing here lists an outcome a
 * second time. The client report counts which of these a test suite met.
 *
 * @example
 * OUTCOMES.filter((outcome) => outcome.endpoint === 'projects').map((outcome) => outcome.id)
 * // ['projects.200.user', 'projects.200.project', 'projects.401.unauthorized', 'projects.500', 'projects.400.bad_request', …]
 */
export const OUTCOMES: readonly Outcome[] = [...ENDPOINT_NAMES.flatMap((name) => outcomesOf(ENDPOINT_RULES[name])), ...surpriseOutcomes()]
