import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { chromium, type Browser } from 'playwright-core'

/** The Chromium the browser test drives: Debian's package, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

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

/**
 * Launches Chromium at {@link CHROMIUM_PATH}, or throws saying how to install it: the browser test
 * fails without it, it is never skipped.
 *
 * @example
 * const browser = await launchChromium()
 * await browser.close()
 */
export async function launchChromium(): Promise<Browser> {
  try {
    await access(CHROMIUM_PATH, constants.X_OK)
  } catch {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: the browser test needs one. Install Debian's (apt-get update && apt-get install -y chromium), as .ci/run does, or set CHROMIUM_PATH to a Chromium executable.`,
    )
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 10_000 })
}
