/**
 * Fetching where production's surprises may be in force: a fault may reset the connection (no
 * answer), cut the body, or send HTML or JSON that does not parse; a variant answers with more than
 * the strict contract names. Tests that replay every outcome's example read answers through these.
 */

/** Whether `headers` name a variant or a fault in X-Sandbox-Scenario: the strict self-check does not apply to the answer. */
export function namesSurprise(headers: Readonly<Record<string, string>> | undefined): boolean {
  return /(?:^|,)\s*(?:variant|fault)-/.test(headers?.['X-Sandbox-Scenario'] ?? '')
}

/** What a fetch got: `status` null where no answer came, `text` what of the body could be read, `body` its JSON or `undefined`. */
export interface Fetched {
  readonly status: number | null
  readonly headers: Headers
  readonly text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any
}

/** Fetches `url`, turning a network error into `status: null` and a body that breaks off or does not parse into what was read. */
export async function fetchSurprise(url: string, init: RequestInit = {}): Promise<Fetched> {
  let response: Response
  try {
    response = await fetch(url, init)
  } catch {
    return { status: null, headers: new Headers(), text: '', body: undefined }
  }
  let text = ''
  try {
    text = await response.text()
  } catch {
    return { status: response.status, headers: response.headers, text: '', body: undefined }
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, text, body }
}
