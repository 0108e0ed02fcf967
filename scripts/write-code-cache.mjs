// Writes V8's code cache for the command-line bundle (run by scripts/bundle-cli.mjs):
//   node scripts/write-code-cache.mjs dist/cli/program.cjs
// It runs the bundle as `analytics-sandbox --port <free> --log none`, sends each endpoint one
// request (and a refused one), then saves the cache beside the bundle: it then holds the compiled
// code of start-up and of a first request to every endpoint. A Node whose V8 differs rejects the
// cache and compiles from source instead, as if it were not there.
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadBundle } from '../dist/cli/load-bundle.js'

const file = process.argv[2]
const port = await new Promise((resolve, reject) => {
  const probe = createServer().once('error', reject)
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address()
    probe.close(() => resolve(free))
  })
})

const bundle = loadBundle(file, { useCache: false })
if (bundle.cacheFile === undefined) throw new Error(`${file} has no build line: build it with scripts/bundle-cli.mjs`)
process.argv = [process.execPath, file, '--port', String(port), '--log', 'none']
const print = process.stdout.write.bind(process.stdout)
process.stdout.write = () => true // the program's banner
bundle.run()

const base = `http://127.0.0.1:${port}/api/v1`
const user = { 'X-API-Key': 'sbx_user_alpha' }
const project = { ...user, 'X-Project-ID': '101' }
const requests = [
  ['/validate', user],
  ['/projects', user],
  ['/monitoring', project],
  ['/overview', project],
  ['/projects', {}],
]
const deadline = Date.now() + 30_000
for (;;) {
  try {
    await fetch(`${base}/validate`, { headers: user }).then((response) => response.arrayBuffer())
    break
  } catch (error) {
    if (Date.now() > deadline) throw new Error(`the bundle did not answer on port ${port} within 30 s`, { cause: error })
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
for (const [path, headers] of requests) await fetch(`${base}${path}`, { headers }).then((response) => response.arrayBuffer())

const cache = bundle.script.createCachedData()
writeFileSync(bundle.cacheFile, cache)
print(`code cache: ${bundle.cacheFile.split('/').at(-1)} (${Math.round(cache.length / 1024)} KB)\n`)
process.exit(0)
