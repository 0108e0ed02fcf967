import type { JournalEntry } from '../../../src/core/journal.js'

/** The sandboxes of the page: `local` answers any origin's `/api/v1/…`, `remote` only {@link REMOTE_BASE_URL}. */
export type SandboxName = 'local' | 'remote'

/** The base URL of the `remote` sandbox: a host that does not exist, so only the worker can answer it. */
export const REMOTE_BASE_URL = 'https://api.example.test'

/** A fetch answer as the page hands it to the test: plain data, so it crosses `page.evaluate`. */
export interface PageAnswer {
  /** The response's URL, absolute. */
  readonly url: string
  readonly status: number
  /** The headers the page can read, names lower-case. */
  readonly headers: Record<string, string>
  readonly text: string
}

/** What the page publishes on `window.sandboxPage` once the worker is started and both sandboxes are seeded. */
export interface SandboxPage {
  /** The script URL of the service worker that controls the page, or null when none does. */
  readonly controller: string | null
  /** A real `fetch` from the page: GET `url` (page-relative or absolute) with these headers. */
  request(url: string, headers?: Record<string, string>): Promise<PageAnswer>
  /** `sandbox.useScenario(...names)` of one sandbox. */
  useScenario(sandbox: SandboxName, ...names: string[]): void
  /** `sandbox.requests` of one sandbox. */
  requests(sandbox: SandboxName): readonly JournalEntry[]
  /** `sandbox.reset()` of both sandboxes. */
  reset(): Promise<void>
}

declare global {
  interface Window {
    /** Set by the page once it is ready. */
    sandboxPage?: SandboxPage
    /** Set by the page instead when starting failed: the error, with its stack. */
    sandboxPageError?: string
  }
}
