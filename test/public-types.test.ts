import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// A user can name every type the package hands them: `const session: RunningSession = …` must
// compile, not fail with TS2305 because the type behind `createSession()` was never exported.
// It follows the types written in declarations, not inferred ones: an export whose type is only
// inferred (`export const x = make()`) would escape it, so public exports keep their annotations.

const SRC = fileURLToPath(new URL('../src/', import.meta.url))
const ENTRIES = { main: `${SRC}index.ts`, browser: `${SRC}browser.ts`, contract: `${SRC}contract.ts` } as const

const program = ts.createProgram(Object.values(ENTRIES), {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: ['node'],
})
const checker = program.getTypeChecker()

const resolved = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)

/** What an entry exports, each export followed to the symbol it names. */
function exportsOf(entry: string): Set<ts.Symbol> {
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!
  return new Set(checker.getExportsOfModule(module).map(resolved))
}

/**
 * The types of src/ that an entry's exports name in their declarations (signatures, members,
 * extended types; not function bodies), followed transitively, which none of `exported` is.
 */
function unexportedTypes(entry: string, exported: ReadonlySet<ts.Symbol>): string[] {
  const seen = new Set<ts.Symbol>()
  const missing = new Set<string>()
  const queue = [...exportsOf(entry)]
  const visit = (node: ts.Node, from: ts.Symbol): void => {
    if (ts.isBlock(node)) return
    const name = ts.isTypeReferenceNode(node) ? node.typeName : ts.isExpressionWithTypeArguments(node) ? node.expression : undefined
    const found = name === undefined ? undefined : checker.getSymbolAtLocation(name)
    if (found !== undefined && !(found.flags & ts.SymbolFlags.TypeParameter)) {
      const symbol = resolved(found)
      const declared = symbol.declarations?.[0]?.getSourceFile().fileName
      if (declared?.startsWith(SRC)) {
        if (!exported.has(symbol)) missing.add(`${symbol.name} (src/${declared.slice(SRC.length)}, named by ${from.name})`)
        queue.push(symbol)
      }
    }
    ts.forEachChild(node, (child) => visit(child, from))
  }
  while (queue.length > 0) {
    const symbol = queue.pop()!
    if (seen.has(symbol)) continue
    seen.add(symbol)
    for (const declaration of symbol.declarations ?? []) {
      if (declaration.getSourceFile().fileName.startsWith(SRC)) visit(declaration, symbol)
    }
  }
  return [...missing].sort()
}

describe('the public types', () => {
  const main = exportsOf(ENTRIES.main)

  it.each(['main', 'browser'] as const)('exports from the %s entry every type of src/ its exports name, transitively', (entry) => {
    expect(unexportedTypes(ENTRIES[entry], exportsOf(ENTRIES[entry]))).toEqual([])
  })

  it('exports from analytics-sandbox/contract every type its exports name that the main entry does not', () => {
    expect(unexportedTypes(ENTRIES.contract, new Set([...main, ...exportsOf(ENTRIES.contract)]))).toEqual([])
  })

  it('finds a type that is named but not exported (the check can fail)', () => {
    const withoutSession = new Set([...main].filter((symbol) => symbol.name !== 'RunningSession'))
    expect(unexportedTypes(ENTRIES.main, withoutSession)).toEqual(['RunningSession (src/server/start-sandbox.ts, named by RunningSandbox)'])
  })
})
