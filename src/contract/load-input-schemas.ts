import type * as Schemas from './input-schemas.js'

/** The schemas that check a user's fixtures, portal bodies, scenarios and session bodies. */
export type InputSchemas = typeof Schemas

/** Where the schemas come from when no entry provided them and this is no Node that can load them. */
export const NO_INPUT_SCHEMAS =
  'analytics-sandbox: the input schemas are not loaded; import the package through its browser entry, or run Node 20.19 or later'

interface NodeModuleApi {
  createRequire(from: string): (id: string) => unknown
}

let provided: InputSchemas | undefined

/**
 * Hands over the input schemas an entry imported itself (the browser entry and the CLI do), so
 * `loadInputSchemas()` never has to load them.
 *
 * @example
 * import * as inputSchemas from './input-schemas.js'
 * provideInputSchemas(inputSchemas)
 */
export function provideInputSchemas(schemas: InputSchemas): void {
  provided ??= schemas
}

/**
 * The input schemas, loaded on first use: zod and the schemas take 40-60 ms to load here, which a
 * test that gives no fixtures, portal bodies or scenario definitions never pays. An ES module
 * cannot `import()` synchronously, but `createSandbox()` checks its options synchronously, so
 * `require` loads a CommonJS copy of the schemas, `input-schemas.cjs`, which the build bundles from
 * the same sources: every `require` takes CommonJS, jest's included (it takes no ES module before
 * Node 24.9).
 *
 * @example
 * const parsed = loadInputSchemas().scenarioSchema.safeParse(input)
 */
export function loadInputSchemas(): InputSchemas {
  provided ??= requireInputSchemas()
  return provided
}

function requireInputSchemas(): InputSchemas {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  const moduleApi = process?.getBuiltinModule?.('node:module') as NodeModuleApi | undefined
  if (moduleApi === undefined) throw new Error(NO_INPUT_SCHEMAS)
  return moduleApi.createRequire(import.meta.url)('./input-schemas.cjs') as InputSchemas
}
