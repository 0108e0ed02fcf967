import { ConfigError } from '../vocabulary/config-error.js'

/** The API's path prefix. */
export const API_BASE_PATH = '/api/v1/'

/** Where the API is mounted: an origin (or any origin) and the path prefix, which ends in `/api/v1/`. */
export interface ApiBase {
  /** `undefined`: any origin. */
  readonly origin: string | undefined
  readonly basePath: string
}

/**
 * Resolves the `baseUrl` option. An address that already ends in `/api/v1/` is used as it is; any
 * other gets `api/v1/` appended (`https://api.example.com` → `https://api.example.com/api/v1/`).
 *
 * @example
 * resolveBaseUrl(undefined) // { origin: undefined, basePath: '/api/v1/' }
 * resolveBaseUrl('https://staging.example/analytics/api/v1') // { origin: 'https://staging.example', basePath: '/analytics/api/v1/' }
 */
export function resolveBaseUrl(baseUrl: string | undefined): ApiBase {
  if (baseUrl === undefined) return { origin: undefined, basePath: API_BASE_PATH }
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new ConfigError(
      `Invalid option "baseUrl": must be an absolute URL such as https://api.example.com/api/v1/ (got ${JSON.stringify(baseUrl)})`,
    )
  }
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
  return { origin: url.origin, basePath: path.endsWith(API_BASE_PATH) ? path : `${path}${API_BASE_PATH.slice(1)}` }
}
