import { parentPort } from 'node:worker_threads'
import { runCli } from './run-cli.js'

// The worker thread the `analytics-sandbox` launcher (src/cli.ts) starts: it runs the command and
// stops the server when the launcher passes on SIGINT or SIGTERM as a 'stop' message.
let stop: (() => Promise<void>) | undefined
parentPort?.on('message', (message) => {
  if (message !== 'stop') return
  void (stop?.() ?? Promise.resolve()).then(() => process.exit(0))
})
await runCli(process.argv, (close) => {
  stop = close
})
// No server (a listing, or a start-up failure): nothing more to wait for.
if (stop === undefined) process.exit(process.exitCode ?? 0)
