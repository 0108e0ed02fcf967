import { parentPort } from 'node:worker_threads'
import { runCli } from './run-cli.js'

// The command-line program the `analytics-sandbox` launcher (src/cli/main.cts) runs in its worker thread,
// bundled into one script, dist/cli/program.cjs (see src/cli/load-bundle.ts). It runs the command
// and stops the server when the launcher passes on SIGINT or SIGTERM as a 'stop' message.
// No top-level await: the bundle is a script, so V8 can cache its compiled code.
let stop: (() => Promise<void>) | undefined
parentPort?.on('message', (message) => {
  if (message !== 'stop') return
  void (stop?.() ?? Promise.resolve()).then(() => process.exit(0))
})
void runCli(process.argv, (close) => {
  stop = close
}).then(() => {
  // No server (a listing, or a start-up failure): nothing more to wait for.
  if (stop === undefined) process.exit(process.exitCode ?? 0)
})
