// The floor plan of src/, checked by `npm run lint` (and so by `npm test`): no import cycles, and
// every folder imports only from the folders below it. docs/architecture.md draws it.
/** Bottom to top: each floor may import from the floors before it, never after. */
const FLOORS = ['vocabulary', 'contract', 'verify', 'model', 'scenarios', 'analytics', 'core', 'sandbox', 'msw', 'server', 'cli']
/** The package's entry points, above every floor. */
const ENTRIES = '^src/[^/]+\\.c?ts$'

module.exports = {
  forbidden: [
    { name: 'no-cycle', severity: 'error', comment: 'An import cycle: the floors only point down.', from: {}, to: { circular: true } },
    {
      name: 'vocabulary-stands-alone',
      severity: 'error',
      comment: 'The vocabulary imports nothing: no other floor, no package, no node: module.',
      from: { path: '^src/vocabulary/' },
      to: { pathNot: '^src/vocabulary/' },
    },
    ...FLOORS.map((floor, index) => ({
      name: `${floor}-points-down`,
      severity: 'error',
      comment: `src/${floor}/ imports only from the floors below it: ${FLOORS.slice(0, index).join(', ') || 'none'}.`,
      from: { path: `^src/${floor}/` },
      to: { path: [`^src/(${FLOORS.slice(index + 1).join('|') || '$^'})/`, ENTRIES] },
    })),
    {
      name: 'the-process-is-handed-down',
      severity: 'error',
      comment:
        "The process's one ProcessWide (sandbox/this-process.ts) is imported by the entries alone (createSandbox, startSandbox, the command line), which hand it to every sandbox they open: no floor below reaches for it.",
      from: { pathNot: '^src/(msw/create-sandbox|server/start-sandbox|cli/run-cli)\\.ts$' },
      to: { path: '^src/sandbox/this-process\\.ts$' },
    },
    {
      name: 'verify-knows-only-the-contract',
      severity: 'error',
      comment:
        'verify/ checks a deployment against the contract: it reads only the contract and the vocabulary, never the model, scenarios, analytics or core, or it would check the sandbox against itself.',
      from: { path: '^src/verify/' },
      to: { path: '^src/(model|scenarios|analytics|core)/' },
    },
    {
      name: 'dashboard-stands-apart',
      severity: 'error',
      comment:
        'The dashboard is a web page built on its own: it imports the vocabulary and npm packages, and from other floors types only (erased from the bundle).',
      from: { path: '^src/dashboard/' },
      to: { path: '^src/', pathNot: '^src/(dashboard|vocabulary)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'dashboard-runs-in-a-browser',
      severity: 'error',
      comment: 'The dashboard runs in a browser: no node: module.',
      from: { path: '^src/dashboard/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'nothing-imports-the-dashboard',
      severity: 'error',
      comment: 'The sandbox serves the built page as files; no code of the sandbox imports it.',
      from: { pathNot: '^src/dashboard/' },
      to: { path: '^src/dashboard/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
}
