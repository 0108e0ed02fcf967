import { z } from 'zod'
import { LIMITS } from '../vocabulary/limits.js'
import { scenarioItemSchema } from './scenario-schema.js'

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

/** The body, written once, with the schema its items are read with. */
const scenarioBodyOf = <Item extends z.ZodType>(item: Item) =>
  z.strictObject(
    { scenarios: z.array(item, { error: SCENARIOS_FIELD_MESSAGE }).max(LIMITS.bodyArrayItems) },
    { error: `must be ${BODY_EXAMPLE}` },
  )

/**
 * What `PUT /__sandbox/scenario` takes, as the admin OpenAPI document shows it (`ScenarioBody`):
 * an object with a list of built-in names or definitions in the scenario file format.
 *
 * @example
 * scenarioBodySchema.safeParse({ scenarios: ['slow'] }).success // true
 */
export const scenarioBodySchema = scenarioBodyOf(scenarioItemSchema).meta({
  id: 'ScenarioBody',
  description: 'Scenarios to put in force: built-in names or definitions in the scenario file format',
})

/**
 * The same body as it is read first: its shape only, every mistake of it listed at once and nothing
 * changed. Each item is then a name of the catalogue or a definition, which the scenario catalogue
 * checks one by one (naming `scenarios[<i>]`, a definition's mistakes as "Failed to load
 * scenario …", an unknown name as 400 unknown_scenario).
 *
 * @example
 * loadInputSchemas().scenarioListBodySchema.parse({ scenarios: ['slow'] })
 */
export const scenarioListBodySchema = scenarioBodyOf(z.unknown())
