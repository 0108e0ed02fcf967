// A client of the Analytics Public API that behaves as analytics-sandbox's verdicts ask (README,
// "Does my client behave?"): it waits as Retry-After says, retries a failure at most three times
// with growing gaps, leaves a 400 or 403 alone, stops using a key answered 401, and gives up on an
// answer that takes too long. Node 20+, no dependencies.

/** An answer the client will not retry: the status, and the API's error code. */
export class ApiError extends Error {
  constructor(status, code) {
    super(`the API answered ${status}${code ? ` ${code}` : ''}`)
    this.status = status
    this.code = code
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A client for one base URL (`…/api/v1/`).
 *
 * @example
 * const client = createClient('http://127.0.0.1:4010/api/v1/')
 * const { data } = await client.get('projects', 'sbx_user_alpha')
 */
export function createClient(baseUrl, { maxRetries = 3, firstGapMs = 100, timeoutMs = 2_000, headers = {} } = {}) {
  /** Keys the API answered 401: never sent again. */
  const dead = new Set()
  return {
    async get(path, key, projectId) {
      if (dead.has(key)) throw new ApiError(401, 'unauthorized')
      const sent = { ...headers, 'X-API-Key': key, ...(projectId === undefined ? {} : { 'X-Project-ID': String(projectId) }) }
      for (let attempt = 0; ; attempt++) {
        let response
        try {
          // The whole answer, body included, within timeoutMs: a server that trickles is given up on.
          const signal = AbortSignal.timeout(timeoutMs)
          response = await fetch(new URL(path, baseUrl), { headers: sent, signal })
          const body = await response.text()
          if (response.ok) return JSON.parse(body)
          const code = body.startsWith('{') ? JSON.parse(body).errors?.error : undefined
          if (response.status === 401) dead.add(key)
          const retryable = response.status >= 500 || response.status === 429
          if (!retryable || attempt === maxRetries) throw new ApiError(response.status, code)
        } catch (error) {
          // A time-out is given up on; a 4xx is left alone; a reset or a 5xx is tried again.
          if (error instanceof ApiError || error.name === 'TimeoutError' || attempt === maxRetries) throw error
        }
        const retryAfter = Number(response?.headers.get('retry-after'))
        const backoff = firstGapMs * 2 ** attempt
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.max(backoff, retryAfter * 1000) : backoff)
      }
    },
  }
}
