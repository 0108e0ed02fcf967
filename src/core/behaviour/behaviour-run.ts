import type { BehaviourReport } from './behaviour-judge.js'

/**
 * Where a `report --behaviour -- <command>` run listens for the verdicts of every sandbox the
 * command's processes make (the node entry sets it from the environment; see
 * src/server/run-report.ts): a sandbox made while `listen` is set hands it how to build its
 * verdicts, and calls what it gives back after each request it records. Unset (every other
 * process, `mutate` included), recording costs one comparison more.
 *
 * @example
 * const changed = BEHAVIOUR_RUN.listen?.(() => judge.report('suite', BEHAVIOUR_RUN.maxRetries))
 */
export const BEHAVIOUR_RUN: {
  listen: ((build: () => BehaviourReport) => () => void) | undefined
  maxRetries: number | undefined
} = { listen: undefined, maxRetries: undefined }
