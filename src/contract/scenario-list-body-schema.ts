import { z } from 'zod'
import { LIMITS } from '../vocabulary/limits.js'

/**
 * What a `PUT /__sandbox/scenario` body must be.
 *
 * @example
 * ({ field: '(root)', message: `must be ${BODY_EXAMPLE}` })
 */
export const BODY_EXAMPLE = 'a JSON object such as {"scenarios": ["server-error"]}'

/**
 * What is wrong with a `PUT scenario` body without a list in `scenarios`.
 *
 * @example
 * ({ field: 'scenarios', message: SCENARIOS_FIELD_MESSAGE })
 */
export const SCENARIOS_FIELD_MESSAGE = 'must be a list of scenario names or definitions, such as ["server-error"]'

/**
 * The shape of a `PUT /__sandbox/scenario` body as it is checked: an object with a list in
 * `scenarios` and nothing else. Each item is then a name of the catalogue or a definition, which
 * the scenario catalogue checks one by one (naming `scenarios[<i>]`); the admin OpenAPI document
 * shows the items' forms (`ScenarioBody`).
 *
 * @example
 * loadInputSchemas().scenarioListBodySchema.parse({ scenarios: ['slow'] })
 */
export const scenarioListBodySchema = z.strictObject(
  { scenarios: z.array(z.unknown(), { error: SCENARIOS_FIELD_MESSAGE }).max(LIMITS.bodyArrayItems) },
  { error: `must be ${BODY_EXAMPLE}` },
)
