/**
 * The OpenAPI document as a user meets it through a generated client: openapi-typescript turns the
 * document the sandbox serves into types, `generated-client/call-every-endpoint.ts` calls every
 * endpoint and every error the document lists with openapi-fetch, `tsc` checks that file strictly
 * against those types, and the calls run against the sandbox. The generated types live in a
 * temporary folder only; nothing here needs the network.
 */
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOpenApiDocument, type OpenApiDocument } from '../../src/contract/create-openapi-document.js'
import type { JsonSchema } from '../../src/contract/openapi-document.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { startSandbox, type RunningSandbox, type RunningSession } from '../../src/server/start-sandbox.js'
import { TODAY } from '../api/contract/fixtures.js'
import { useTempDir } from '../support/temp-dir.js'
import type { ApiPath, CallOutcome, ClientBases } from './generated-client/outcome.js'

const addFormats = addFormatsModule.default
const ROOT = new URL('../../', import.meta.url).pathname
const CLIENT_DIR = new URL('./generated-client/', import.meta.url).pathname
/** Held in a variable, so the repository's type check does not follow the import into a file it leaves out. */
const CLIENT_MODULE = `${CLIENT_DIR}call-every-endpoint.ts`
const COMPONENTS = '#/components/schemas/'
/** Statuses only the transport answers in a way `fetch` cannot bring about: 408 needs a request that arrives too slowly. */
const NOT_CALLED: ReadonlySet<number> = new Set([ERRORS.requestTimeout.status])

/** `tsc -p <project>`: its exit code and all it printed. */
function runTsc(project: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`${ROOT}node_modules/typescript/bin/tsc`, '-p', project],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, output: `${stdout}${stderr}` }),
    )
  })
}

/**
 * The project that checks the client: as strict as the repository's, and `rootDirs` so its import
 * of `./openapi-types.js` finds the file generated into `folder`.
 */
function clientTsconfig(folder: string): string {
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [`${ROOT}node_modules/@types`],
    rootDirs: [CLIENT_DIR, folder],
  }
  return JSON.stringify({ compilerOptions, files: [CLIENT_MODULE, `${folder}/openapi-types.ts`] }, null, 2)
}

/** The `errors.error` code of a component (`null` for a 500's, whose `errors` is empty). */
function codeOf(document: OpenApiDocument, ref: string): string | null {
  const component = document.components.schemas[ref.slice(COMPONENTS.length)] as { properties: { errors: JsonSchema } }
  const code = (component.properties.errors.properties as Record<string, { const?: string }>).error?.const
  return code ?? null
}

/** Each error the document lists, as `<path> <status> <code>`. */
function listedErrors(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, { get }]) =>
    Object.entries(get.responses).flatMap(([status, response]) => {
      if (status === '200') return []
      const schema = response.content['application/json'].schema
      const refs = ((schema.oneOf as JsonSchema[] | undefined) ?? [schema]).map((entry) => String(entry.$ref))
      return refs.map((ref) => `${path} ${status} ${codeOf(document, ref)}`)
    }),
  )
}

describe('a client generated from the OpenAPI document (openapi-typescript, openapi-fetch)', () => {
  const folder = useTempDir('generated-client')
  let sandbox: RunningSandbox
  const sessions: RunningSession[] = []
  let document: OpenApiDocument
  let typeCheck: { code: number; output: string }
  let outcomes: CallOutcome[]

  beforeAll(async () => {
    sandbox = await startSandbox({ now: TODAY })
    const forcing = async (status: 400 | 401 | 403 | 404 | 429 | 500 | 503) => {
      const name = `force-${status}`
      const session = await sandbox.createSession({
        scenarios: [{ name, description: `Every request: ${status}`, rules: [{ fail: { status } }] }],
      })
      sessions.push(session)
      return session.url
    }
    const strict = await sandbox.createSession({ strict: true })
    sessions.push(strict)
    const bases: ClientBases = { api: sandbox.url, strict: strict.url, forbidden: await forcing(403), notFound: await forcing(404) }

    // The document as a user fetches it from the running sandbox.
    const response = await fetch(new URL('/__sandbox/openapi.json', sandbox.url))
    document = (await response.json()) as OpenApiDocument
    await writeFile(folder.path('openapi-types.ts'), astToString(await openapiTS(structuredClone(document) as never)))
    await writeFile(folder.path('package.json'), '{ "type": "module" }\n')
    await writeFile(folder.path('tsconfig.json'), clientTsconfig(folder.path('')))

    const [checked, module] = await Promise.all([
      runTsc(folder.path('tsconfig.json')),
      import(CLIENT_MODULE) as Promise<{ callEveryEndpoint(bases: ClientBases): Promise<CallOutcome[]> }>,
    ])
    typeCheck = checked
    outcomes = await module.callEveryEndpoint(bases)
  }, 30_000)

  afterAll(async () => {
    for (const session of sessions) await session.close()
    await sandbox?.close()
  })

  it('is generated from the document the sandbox serves, which is the one the contract builds', () => {
    expect(document).toEqual(createOpenApiDocument())
  })

  it('type-checks strictly (tsc, strict and noUncheckedIndexedAccess): the types say what the document promises and the calls compile', () => {
    expect(typeCheck.output.trim(), 'tsc on generated-client/call-every-endpoint.ts').toBe('')
    expect(typeCheck.code).toBe(0)
  })

  it('meets on every call the status and errors.error code it expected', () => {
    const met = outcomes.map(({ path, call, status, code }) => ({ path, call, status, code }))
    expect(met).toEqual(outcomes.map(({ path, call, expected }) => ({ path, call, ...expected })))
  })

  it('gets bodies the document’s response schema for their path and status accepts', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true })
    addFormats(ajv)
    ajv.addVocabulary(['openapi', 'info', 'servers', 'security', 'paths', 'components'])
    ajv.addSchema(structuredClone(document), 'openapi.json')
    const validators = new Map<string, ValidateFunction>()
    for (const outcome of outcomes) {
      const where = `${outcome.path} ${outcome.status}`
      const response = document.paths[outcome.path]?.get.responses[String(outcome.status)]
      expect(response, `${where}: not in the document`).toBeDefined()
      // The schema as the document writes it, its references pointed at the document loaded as openapi.json.
      const schema = JSON.stringify(response!.content['application/json'].schema).replaceAll(`"${COMPONENTS}`, `"openapi.json${COMPONENTS}`)
      const validate = validators.get(where) ?? ajv.compile(JSON.parse(schema) as JsonSchema)
      validators.set(where, validate)
      expect(validate(outcome.body), `${outcome.path} ${outcome.call}: ${JSON.stringify(validate.errors)}`).toBe(true)
    }
  })

  it('calls every error the document lists for each endpoint, but the 408 only a slow request gets, and meets no other', () => {
    const listed = listedErrors(document)
    const met = new Set(outcomes.filter((outcome) => outcome.status !== 200).map(({ path, status, code }) => `${path} ${status} ${code}`))
    expect([...met].sort()).toEqual(listed.filter((entry) => !NOT_CALLED.has(Number(entry.split(' ')[1]))).sort())
    const paths = new Set(outcomes.map((outcome) => outcome.path))
    expect([...paths].sort()).toEqual((Object.keys(document.paths) as ApiPath[]).sort())
  })
})
