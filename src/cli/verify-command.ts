import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { oneLineErrors } from './one-line-error.js'
import { formatVerifyTable } from '../verify/format-verify-table.js'
import { printable } from '../vocabulary/printable.js'
import { readPositiveId } from '../vocabulary/read-positive-id.js'
import { stringifyPrintable } from '../vocabulary/stringify-printable.js'
import { verifyContract, type VerifyOptions } from '../verify/verify-contract.js'

/**
 * Exit codes: every check passed; some check failed (drift); the run could not be made.
 *
 * @example
 * if (status === VERIFY_EXIT.drift) console.error('the deployment moved away from the contract')
 */
export const VERIFY_EXIT = { ok: 0, drift: 1, unusable: 2 } as const

/**
 * Where the command writes.
 *
 * @example
 * const output: VerifyOutput = { stdout: (text) => void process.stdout.write(text), stderr: (text) => void process.stderr.write(text) }
 */
export interface VerifyOutput {
  stdout(text: string): void
  stderr(text: string): void
}

interface VerifyFlags {
  baseUrl: string
  apiKey: string
  projectId?: number
  timeout: number
  json?: boolean
  specOnly?: boolean
}

function parsePositive(name: string) {
  return (text: string): number => {
    const value = readPositiveId(text)
    if (value === undefined) throw new InvalidArgumentError(`${name} must be a positive integer.`)
    return value
  }
}

function createVerifyProgram(output: VerifyOutput, run: (flags: VerifyFlags) => Promise<void>): Command {
  return new Command('analytics-sandbox verify')
    .description(
      'Check that a deployment of the Analytics Public API (the real one or a sandbox) answers as the contract says. Sends GET requests only.',
    )
    .addOption(new Option('--base-url <url>', 'the API base URL, ending in /api/v1/').env('ANALYTICS_BASE_URL').makeOptionMandatory())
    .addOption(new Option('--api-key <key>', 'the API key to check with (never printed)').env('ANALYTICS_API_KEY').makeOptionMandatory())
    .addOption(
      new Option('--project-id <id>', 'the project for the analytics checks (USER-level keys; default: the first listed)').argParser(
        parsePositive('--project-id'),
      ),
    )
    .addOption(new Option('--timeout <ms>', 'per request').default(10_000).argParser(parsePositive('--timeout')))
    .addOption(new Option('--json', 'print the report as JSON'))
    .addOption(new Option('--spec-only', 'only the checks the specification states, not the sandbox’s gap decisions'))
    .addHelpText(
      'after',
      `
Exit status: 0 every check passed, 1 some check failed (drift), 2 the run could not be made.

Examples:
  $ analytics-sandbox verify --base-url http://127.0.0.1:4010/api/v1/ --api-key sbx_user_alpha
  $ ANALYTICS_API_KEY=... analytics-sandbox verify --base-url https://api.example.com/api/v1/ --json`,
    )
    .configureOutput({ writeOut: output.stdout, ...oneLineErrors('analytics-sandbox verify', output.stderr) })
    .exitOverride()
    .action(run)
}

/**
 * The `analytics-sandbox verify` command: runs {@link verifyContract} and prints a table (or JSON
 * with `--json`). Resolves with the exit status; never prints the key.
 *
 * @example
 * process.exitCode = await runVerify(['--base-url', url, '--api-key', key], { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) })
 */
export async function runVerify(args: readonly string[], output: VerifyOutput): Promise<number> {
  let status: number = VERIFY_EXIT.ok
  const program = createVerifyProgram(output, async (flags) => {
    const options: VerifyOptions = {
      baseUrl: flags.baseUrl,
      apiKey: flags.apiKey,
      timeoutMs: flags.timeout,
      specOnly: flags.specOnly === true,
      ...(flags.projectId === undefined ? {} : { projectId: flags.projectId }),
    }
    const report = await verifyContract(options)
    output.stdout(flags.json === true ? `${stringifyPrintable(report)}\n` : formatVerifyTable(report))
    status = report.ok ? VERIFY_EXIT.ok : VERIFY_EXIT.drift
  })
  try {
    await program.parseAsync([...args], { from: 'user' })
    return status
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? VERIFY_EXIT.ok : VERIFY_EXIT.unusable
    // The base URL, or a deployment's words, may be in it: one line, nothing a terminal acts on.
    output.stderr(`analytics-sandbox verify: ${printable((error as Error).message)}\n`)
    return VERIFY_EXIT.unusable
  }
}
