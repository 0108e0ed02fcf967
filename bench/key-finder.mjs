// KeyFinder's figures (docs/decisions/key-finder.md): the source bundled by esbuild in memory, then
// timed by plain node. Run: node --expose-gc bench/key-finder.mjs (a few seconds; --quick: fewer rounds).
// Prints one line per figure; times are medians of 5 rounds.
import { buildSync } from 'esbuild'
import { median } from './median.mjs'

const bundle = buildSync({ entryPoints: ['src/vocabulary/key-finder.ts'], bundle: true, format: 'esm', write: false, platform: 'neutral' })
const { KeyFinder } = await import(`data:text/javascript,${encodeURIComponent(bundle.outputFiles[0].text)}`)

const quick = process.argv.includes('--quick')
const ROUNDS = 5
const gc = globalThis.gc ?? (() => {})
const hide = () => '…'
const URL_PATH = '/api/v1/projects/101/analytics/summary?date_from=2026-01-01&x=y' // 60 characters, no key

/** `sbx_project_<id>_<8 hex>`, as the sandbox generates project keys, made beforehand and flat (as parsed from JSON). */
const PROJECT_KEYS = JSON.parse(
  JSON.stringify(
    Array.from({ length: 100_000 }, (_, id) => `sbx_project_${id}_${(Math.imul(id, 2654435761) >>> 0).toString(16).padStart(8, '0')}`),
  ),
)
const projectKey = (id) => PROJECT_KEYS[id]

/** Nanoseconds per call of `run`, the median of ROUNDS rounds of `calls` calls. */
function nsPerCall(calls, run) {
  const rounds = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    for (let index = 0; index < calls; index++) run(index)
    rounds.push(((performance.now() - started) * 1e6) / calls)
  }
  return median(rounds)
}

/** Bytes kept (heap and typed arrays) after gc, once the heap settled (right after a big allocation, gc() leaves some). */
async function retained() {
  for (let round = 0; round < 2; round++) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    gc()
    gc()
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return { heapUsed, arrayBuffers }
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`
const print = (name, value) => console.log(`${name.padEnd(58)} ${value}`)

// mask() of a 60-character path with no key, 10 keys.
const ten = new KeyFinder()
for (let id = 0; id < 10; id++) ten.add(projectKey(id))
print('mask, 60-char path, 10 keys, nothing found', `${nsPerCall(quick ? 1e5 : 1e6, () => ten.mask(URL_PATH, hide)).toFixed(0)} ns`)
print('contains, 60-char path, 10 keys', `${nsPerCall(quick ? 1e5 : 1e6, () => ten.contains(URL_PATH)).toFixed(0)} ns`)
const withKey = `/api/v1/${projectKey(3)}/analytics?auth=${projectKey(7)}`
print('mask, path with 2 keys, 10 keys', `${nsPerCall(quick ? 1e4 : 2e5, () => ten.mask(withKey, hide)).toFixed(0)} ns`)

// 100,000 keys added, then one scan builds them at once.
const before = await retained()
const builtAt = performance.now()
let big = new KeyFinder()
for (let id = 0; id < 100_000; id++) big.add(projectKey(id))
big.mask(URL_PATH, hide)
print('100,000 keys: add all, then one mask (one build)', `${(performance.now() - builtAt).toFixed(0)} ms`)
const after = await retained()
print('100,000 keys: heapUsed kept (key strings made before)', mb(after.heapUsed - before.heapUsed))
print('100,000 keys: typed arrays kept', mb(after.arrayBuffers - before.arrayBuffers))
print('mask, 60-char path, 100,000 keys, nothing found', `${nsPerCall(quick ? 1e5 : 1e6, () => big.mask(URL_PATH, hide)).toFixed(0)} ns`)
const bigWithKey = `/api/v1/${projectKey(99_999)}/analytics`
print('mask, path with 1 key, 100,000 keys', `${nsPerCall(quick ? 1e4 : 2e5, () => big.mask(bigWithKey, hide)).toFixed(0)} ns`)

// Long strings: linear in their length.
const chunk = `${URL_PATH}&note=${'abcdefghij'.repeat(4)}`
for (const length of [1_600, 16_000]) {
  const text = chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length)
  print(
    `mask, ${length}-char text, 100,000 keys, nothing found`,
    `${(nsPerCall(quick ? 200 : 2000, () => big.mask(text, hide)) / 1000).toFixed(1)} µs`,
  )
}
const keyed = `${chunk}${projectKey(12_345)}`
const long = keyed.repeat(Math.ceil(16_000 / keyed.length))
print(
  `mask, ${long.length}-char text with ${Math.ceil(16_000 / keyed.length)} keys inside`,
  `${(nsPerCall(quick ? 100 : 1000, () => big.mask(long, hide)) / 1000).toFixed(1)} µs`,
)
big = undefined

// The worst case: every position starts a key, and keys hold one another 121 deep.
const nested = new KeyFinder()
for (let length = 8; length <= 128; length++) nested.add('a'.repeat(length))
for (const length of [1_600, 16_000]) {
  const text = 'a'.repeat(length)
  print(`mask, ${length} × a, keys a^8 … a^128`, `${(nsPerCall(quick ? 5 : 20, () => nested.mask(text, hide)) / 1e6).toFixed(1)} ms`)
}

// Keys created one by one through the admin API, each followed by a masked request.
for (const count of [20_000, 100_000]) {
  if (quick && count > 20_000) continue
  const finder = new KeyFinder()
  const startedAt = performance.now()
  for (let id = 0; id < count; id++) {
    finder.add(projectKey(id))
    finder.mask(URL_PATH, hide)
  }
  print(`${count.toLocaleString('en')} × (add, mask)`, `${(performance.now() - startedAt).toFixed(0)} ms`)
  print(`  then mask, 60-char path, before compaction`, `${nsPerCall(1000, () => finder.mask(URL_PATH, hide)).toFixed(0)} ns`)
  for (let index = 0; index < 200_000; index++) finder.mask(URL_PATH, hide)
  print(
    `  then mask, 60-char path, after 200,000 scans`,
    `${nsPerCall(quick ? 1e5 : 1e6, () => finder.mask(URL_PATH, hide)).toFixed(0)} ns`,
  )
}

// Deletes: half of 20,000 keys deleted one by one, each followed by a mask.
const churn = new KeyFinder()
for (let id = 0; id < 20_000; id++) churn.add(projectKey(id))
churn.mask(URL_PATH, hide)
const deletedAt = performance.now()
for (let id = 0; id < 20_000; id += 2) {
  churn.delete(projectKey(id))
  churn.mask(URL_PATH, hide)
}
print('10,000 × (delete, mask) among 20,000 keys', `${(performance.now() - deletedAt).toFixed(0)} ms`)
