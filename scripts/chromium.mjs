// Where the browser tests (test/browser/) and scripts/screenshot-dashboard.mjs get headless Chromium:
// plain JavaScript, so a script runs it without a TypeScript step (types in chromium.d.mts).
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

/**
 * Headless, and quiet on the network: without the background-networking flags Chromium dials out
 * at start (which a closed network refuses). playwright-core gives it a fresh user data dir.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Where the Chromium of @sparticuz/chromium is unpacked, one folder a version; `npm ci` starts anew. */
const CACHE = fileURLToPath(new URL('../node_modules/.cache/analytics-sandbox-chromium/', import.meta.url))

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, else the one the devDependency
 * @sparticuz/chromium ships inside its npm package (brotli-compressed), unpacked on first use. So
 * `npm ci && npm test` needs nothing from the operating system's packages. Version 143 is the last
 * whose package supports Node 20 (later ones require Node 22.17).
 *
 * @returns {Promise<string>}
 * @example
 * const path = await chromiumPath() // …/node_modules/.cache/analytics-sandbox-chromium/143.0.4/chromium
 */
export async function chromiumPath() {
  const given = process.env.CHROMIUM_PATH
  if (given !== undefined && given !== '') return given
  const require = createRequire(import.meta.url)
  // The package exports only its entry: its package.json is two folders above the CommonJS build.
  const root = dirname(dirname(dirname(require.resolve('@sparticuz/chromium'))))
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const folder = join(CACHE, version)
  const binary = join(folder, 'chromium')
  if (existsSync(binary)) return binary
  // The package unpacks into os.tmpdir(), and reuses any /tmp/chromium it finds there, whatever its
  // version. So it unpacks into a fresh folder of ours, which then takes its final name at once: two
  // test files starting together never see a half-written browser.
  await mkdir(CACHE, { recursive: true })
  const staging = await mkdtemp(join(CACHE, `${version}-`))
  const tmpdir = process.env.TMPDIR
  process.env.TMPDIR = staging
  try {
    const { default: packaged } = await import('@sparticuz/chromium')
    await packaged.executablePath()
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = tmpdir
  }
  try {
    await rename(staging, folder)
  } catch {
    // Another test file unpacked it first.
    await rm(staging, { recursive: true, force: true })
  }
  return binary
}

/**
 * Launches headless Chromium (see {@link chromiumPath}): the browser tests fail without it, they are
 * never skipped.
 *
 * @returns {Promise<import('playwright-core').Browser>}
 * @example
 * const browser = await launchChromium()
 * await browser.close()
 */
export async function launchChromium() {
  const executablePath = await chromiumPath()
  if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath} (CHROMIUM_PATH): the browser tests need one.`)
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 10_000 })
}
