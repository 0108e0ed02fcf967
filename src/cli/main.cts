#!/usr/bin/env node
import fs = require('node:fs')
import path = require('node:path')
import workerThreads = require('node:worker_threads')
import type WatchAncestors = require('./watch-ancestors.cjs')

// The sandbox runs in a worker thread so its heap can be bounded: under load V8 lets an unbounded
// heap run far ahead of the live data. Node flags cannot be set portably from a package's bin, but
// a worker's resourceLimits can. This launcher loads nothing else; `verify` runs in this thread.
// It is CommonJS, unlike the rest of the package: for an ES module entry Node first sets up its
// ESM loader. The measurements behind these choices: docs/benchmarks.md, "Tuning measurements".

/** The worker's young generation in MB: smaller saves memory but scavenges too often under load. */
const YOUNG_GENERATION_MB = 16

const argv = process.argv.slice(2)

/** The value of `--name value` or `--name=value`, if given. */
function flag(name: string): string | undefined {
  const index = argv.findIndex((argument) => argument === name || argument.startsWith(`${name}=`))
  if (index === -1) return undefined
  const argument = argv[index] ?? ''
  return argument.includes('=') ? argument.slice(argument.indexOf('=') + 1) : argv[index + 1]
}

/**
 * The process's memory budget in MiB: what all its sandboxes (the root and every session) may hold
 * of what callers made. PROCESS_BUDGET_BYTES in src/vocabulary/memory-budget.ts says the same (a
 * test holds them equal); this launcher loads nothing of the sandbox to read it.
 */
const PROCESS_BUDGET_MB = 128

/**
 * Heap beyond the budget: the code, the default data, the process's caches (answers 4 MiB, admin
 * answers 8 MiB, the sessions list 2 MiB, variant-large's projects about 4 MiB) and the garbage of a busy turn. The budget's estimates
 * get half again as much room, so a sandbox answers 409 memory_full long before the heap is full
 * (docs/decisions/bounded-by-bytes.md).
 */
const BASE_MB = 64

/** Old-generation room in MB: the base, the budget with room to spare, and the data a user asks for. */
function oldGenerationMb(): number {
  const generated = Number(flag('--generate-projects') ?? 0)
  const fixtures = flag('--fixtures')
  let fixturesBytes = 0
  try {
    fixturesBytes = fixtures === undefined ? 0 : fs.statSync(fixtures).size
  } catch {
    // A missing file is reported by the sandbox itself, naming it.
  }
  const perProjectMb = 16 / 1024
  return Math.ceil(
    BASE_MB + 1.5 * PROCESS_BUDGET_MB + (Number.isFinite(generated) ? generated * perProjectMb : 0) + (32 * fixturesBytes) / 1e6,
  )
}

/**
 * Whether `--exit-with-parent` (or its environment variable) asks to stop with the harness. The
 * variable is on unless empty, `0`, `false`, `no` or `off`: the rule of src/cli/env-flag.ts, which
 * this launcher does not import.
 */
function exitsWithParent(): boolean {
  const env = process.env.ANALYTICS_SANDBOX_EXIT_WITH_PARENT?.trim().toLowerCase()
  return argv.includes('--exit-with-parent') || (env !== undefined && !['', '0', 'false', 'no', 'off'].includes(env))
}

/**
 * A reader that went away (`| head -2`, a harness that closed its pipe) must not end the sandbox:
 * without a listener, EPIPE on stdout or stderr is thrown with a stack trace. The worker's output
 * then stays in its own bounded backlog (src/cli/create-log-sink.ts) and is dropped.
 */
function ignoreClosedOutput(): void {
  process.stdout.on('error', () => undefined)
  process.stderr.on('error', () => undefined)
}

/** Runs the sandbox in its worker thread; the process ends with the worker. */
function startWorker(): void {
  const worker = new workerThreads.Worker(path.join(__dirname, 'load-program.cjs'), {
    argv,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: oldGenerationMb() },
  })
  const stop = () => worker.postMessage('stop')
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  if (exitsWithParent()) {
    // Loaded only when asked: it is the one part of the launcher most runs never need.
    // Quietly, as SIGTERM: the harness ended it on purpose, and its output may be another tool's.
    ;(require('./watch-ancestors.cjs') as typeof WatchAncestors).watchAncestors(stop)
  }
  worker.once('exit', (code) => process.exit(code))
  worker.once('error', (error) => {
    process.stderr.write(`analytics-sandbox: ${error.message}\n`)
    process.exit(1)
  })
}

// Every command: `report --help | head -1` must not end in a stack trace either.
ignoreClosedOutput()

// `analytics-sandbox help report` is `analytics-sandbox report --help` (a bare `help`, the server's help, is run-cli's).
if (argv[0] === 'help' && (argv[1] === 'report' || argv[1] === 'verify' || argv[1] === 'mutate')) argv.splice(0, 2, argv[1], '--help')

if (argv[0] === 'report') {
  // A client too: reads the coverage of a running sandbox, loads nothing of it.
  void import('./report-command.js').then(async ({ runReport }) => {
    process.exitCode = await runReport(argv.slice(1), {
      stdout: (text) => void process.stdout.write(text),
      stderr: (text) => void process.stderr.write(text),
    })
  })
} else if (argv[0] === 'mutate') {
  // Runs a test command many times against sessions of a sandbox of its own, in this thread: its
  // children's process groups and Ctrl-C are this process's to handle.
  void import('./mutate-command.js').then(async ({ runMutate }) => {
    process.exitCode = await runMutate(argv.slice(1), {
      stdout: (text) => void process.stdout.write(text),
      stderr: (text) => void process.stderr.write(text),
      stderrIsTty: process.stderr.isTTY === true,
    })
    // The sandbox is closed; a child's pipe or a timer of the suite's must not keep the process.
    process.exit()
  })
} else if (argv[0] === 'verify') {
  // A client, not a server: no worker, and nothing of the sandbox is loaded (an ES module, imported).
  void import('./verify-command.js').then(async ({ runVerify }) => {
    process.exitCode = await runVerify(argv.slice(1), {
      stdout: (text) => void process.stdout.write(text),
      stderr: (text) => void process.stderr.write(text),
    })
  })
} else {
  startWorker()
}
