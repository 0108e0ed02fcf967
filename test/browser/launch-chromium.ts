// The launcher is a plain script module, so scripts/screenshot-dashboard.mjs shares it.
export { CHROMIUM_ARGS, chromiumPath, launchChromium } from '../../scripts/chromium.mjs'
