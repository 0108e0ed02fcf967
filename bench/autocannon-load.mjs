// One load run with autocannon, in its own process (bench/load.mjs pins it to a core). The fallback
// generator where wrk is not installed: on one core it is slower than the reference server, so it
// caps both sides of a comparison (bench/load.mjs reports how busy the server was).
//   node bench/autocannon-load.mjs <plan.json>
// plan.json: { "url": "http://127.0.0.1:port", "paths": ["/api/v1/..."], "headers": {...},
//              "connections": 50, "seconds": 3 }   (or "amount": n requests instead of seconds)
// Prints one JSON line: requests per second, latency percentiles (ms), errors, non-2xx answers.
import { readFileSync } from 'node:fs'
import { runAutocannonPlan } from './autocannon-run.mjs'

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'))
process.stdout.write(`${JSON.stringify(await runAutocannonPlan(plan))}\n`)
