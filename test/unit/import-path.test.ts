import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url).pathname

/** The modules `entry` loads when imported: its static imports, followed (dynamic `import()`s and erased types left out). */
async function staticGraph(entry: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: 'out.js',
  })
  const inputs: Metafile['inputs'] = metafile.inputs
  const reached = new Set([entry])
  const queue = [entry]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const edge of inputs[file]?.imports ?? []) {
      if (edge.kind === 'dynamic-import' || reached.has(edge.path)) continue
      reached.add(edge.path)
      queue.push(edge.path)
    }
  }
  return [...reached]
}

const zodModules = (graph: readonly string[]) => graph.filter((path) => /node_modules\/zod\//.test(path))

describe("the library's import path", () => {
  it('reaches no zod module from analytics-sandbox (Node): the input schemas load on demand, and the contract is a subpath', async () => {
    expect(zodModules(await staticGraph('src/index.ts'))).toEqual([])
  })

  it('reaches zod from the browser entry, which brings the input schemas as a browser cannot load them on demand', async () => {
    expect(zodModules(await staticGraph('src/browser.ts')).length).toBeGreaterThan(0)
  })

  it('reaches zod from analytics-sandbox/contract, whose schemas are the point of importing it', async () => {
    expect(zodModules(await staticGraph('src/contract.ts')).length).toBeGreaterThan(0)
  })
})
