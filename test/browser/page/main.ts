// The browser test's page: the package's browser build (resolved by the bundler through the
// `browser` export condition, as in an app) with its handlers in msw's service worker.
import { createSandbox, type Sandbox } from 'analytics-sandbox'
import { setupWorker } from 'msw/browser'
import { REMOTE_BASE_URL, type PageAnswer, type SandboxName, type SandboxPage } from './page-api.js'

const NOW = '2026-01-15'

/**
 * Requests no handler answers go to the network: msw 2 calls the option `onUnhandledRequest`, msw 3
 * `onUnhandledFrame`, and each ignores the other's. The page runs with both (browser.test.ts).
 */
const BYPASS_UNHANDLED = { onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as const

const sandboxes: Record<SandboxName, Sandbox> = {
  local: createSandbox({ now: NOW }),
  remote: createSandbox({ now: NOW, baseUrl: REMOTE_BASE_URL }),
}

async function request(url: string, headers: Record<string, string> = {}): Promise<PageAnswer> {
  const response = await fetch(url, { headers })
  return {
    url: response.url,
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text: await response.text(),
  }
}

async function start(): Promise<SandboxPage> {
  // `remote` first: `local` matches /api/v1/ on any origin, so listed first it would answer both.
  const worker = setupWorker(...sandboxes.remote.handlers, ...sandboxes.local.handlers)
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, ...BYPASS_UNHANDLED })
  await Promise.all([sandboxes.local.ready(), sandboxes.remote.ready()])
  return {
    controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    request,
    useScenario: (sandbox, ...names) => sandboxes[sandbox].useScenario(...names),
    requests: (sandbox) => sandboxes[sandbox].requests,
    reset: async () => void (await Promise.all([sandboxes.local.reset(), sandboxes.remote.reset()])),
  }
}

start().then(
  (page) => {
    window.sandboxPage = page
  },
  (error: unknown) => {
    window.sandboxPageError = error instanceof Error ? (error.stack ?? error.message) : String(error)
  },
)
