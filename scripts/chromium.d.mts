import type { Browser } from 'playwright-core'

/** Headless, and quiet on the network (see chromium.mjs). */
export declare const CHROMIUM_ARGS: readonly string[]
/** The Chromium the browser tests drive: `CHROMIUM_PATH`, else the one @sparticuz/chromium ships. */
export declare function chromiumPath(): Promise<string>
/** Launches headless Chromium; fails without one, never skips. */
export declare function launchChromium(): Promise<Browser>
