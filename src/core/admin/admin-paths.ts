/** Where the admin API lives. */
export const ADMIN_BASE_PATH = '/__sandbox/'

/** `X-Sandbox-Client` of the dashboard's own requests: seen as a test sees the sandbox, changing nothing a test sees. */
export const OBSERVER = 'dashboard'

/** Where the admin API serves the OpenAPI document. */
export const OPENAPI_PATH = `${ADMIN_BASE_PATH}openapi.json`

/** Where the admin API serves its own OpenAPI document. */
export const ADMIN_OPENAPI_PATH = `${ADMIN_BASE_PATH}admin-openapi.json`

/** Where sessions are reached: `/sessions/<id>/…`. */
export const SESSION_PREFIX = '/sessions/'
