import { MUTATIONS, type Mutation } from '../../vocabulary/mutations.js'
import type { EndpointName } from '../../vocabulary/endpoint-rules.js'

/** One run of the suite: under a variant (must still pass) or a mutation (should fail). */
export interface PlannedRun {
  /** The mutation's id or the variant's name, as `ANALYTICS_SANDBOX_MUTATION` gives it. */
  readonly id: string
  readonly kind: 'variant' | 'mutation'
  /** For a mutation: its endpoint and path, for the text report's tables. */
  readonly mutation?: Mutation
}

/**
 * A glob of `--only` as a regular expression: `*` matches any run of characters, nothing else is special.
 *
 * @example
 * globPattern('drop:monitoring:*').test('drop:monitoring:data.visibility_score') // true
 */
export function globPattern(glob: string): RegExp {
  const escaped = glob
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${escaped}$`)
}

/**
 * The runs of a `mutate`: every variant, then every mutation (each in the catalogue's order), or
 * those `only` selects (their union). Mutations of envelope fields a client may ignore are set
 * apart (`envelope`) unless `withEnvelope`. The same list for the same catalogue, whatever the order
 * of the globs. Gives the globs that matched nothing, which are a usage mistake.
 *
 * @example
 * planRuns(['variant-trend'], ['variant-trend']).runs.map((run) => run.id) // ['variant-trend']
 */
export function planRuns(
  variants: readonly string[],
  only: readonly string[],
  withEnvelope = false,
): { runs: PlannedRun[]; envelope: string[]; unmatched: string[] } {
  const all: PlannedRun[] = [
    ...variants.map((id): PlannedRun => ({ id, kind: 'variant' })),
    ...MUTATIONS.map((mutation): PlannedRun => ({ id: mutation.id, kind: 'mutation', mutation })),
  ]
  const patterns = only.map((glob) => ({ glob, pattern: globPattern(glob) }))
  const unmatched = patterns.filter(({ pattern }) => !all.some((run) => pattern.test(run.id))).map(({ glob }) => glob)
  const chosen = only.length === 0 ? all : all.filter((run) => patterns.some(({ pattern }) => pattern.test(run.id)))
  const apart = (run: PlannedRun) => !withEnvelope && run.mutation?.envelope === true
  return { runs: chosen.filter((run) => !apart(run)), envelope: chosen.filter(apart).map((run) => run.id), unmatched }
}

/**
 * The endpoints in the order their mutations come.
 *
 * @example
 * endpointsOf(runs) // ['validate', 'projects', …]
 */
export function endpointsOf(runs: readonly PlannedRun[]): EndpointName[] {
  return [...new Set(runs.flatMap((run) => (run.mutation === undefined ? [] : [run.mutation.endpoint])))]
}
