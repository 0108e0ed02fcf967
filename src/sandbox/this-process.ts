import type { ProcessWide } from '../core/process-wide.js'
import { createProcessWide } from './process-wide.js'

/**
 * This process's one {@link ProcessWide}: made when an entry is first loaded, and imported by the
 * entries alone (`createSandbox`, `startSandbox`, the command line), which hand it to every sandbox
 * they open. Every floor below is given it; none imports it.
 *
 * @example
 * openSandbox(resolveSandboxConfig(options), THIS_PROCESS)
 */
export const THIS_PROCESS: ProcessWide = createProcessWide()
