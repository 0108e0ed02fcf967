/**
 * The zod schemas that check what a user gives the sandbox at run time: fixtures, portal bodies,
 * scenarios and session bodies. The library never imports this module statically (zod stays off
 * its import path); `loadInputSchemas()` loads it the first time such input arrives.
 *
 * @example
 * const { fixturesSchema } = loadInputSchemas()
 */
export { apiKeyRecordSchema, fixturesSchema, projectRecordSchema } from './fixtures-schema.js'
export {
  accountBodySchema,
  clockAdvanceSchema,
  clockSetSchema,
  keyBodySchema,
  keyPatchSchema,
  projectBodySchema,
  projectPatchSchema,
} from './portal-schemas.js'
export { scenarioSchema } from './scenario-schema.js'
export { sessionBodySchema } from './session-schemas.js'
export { scenarioListBodySchema } from './scenario-body-schema.js'
export { expectBodySchema } from './expect-schemas.js'
