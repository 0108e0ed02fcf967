import { createAdminOpenApiDocument } from './create-admin-openapi-document.js'

let text: string | undefined

/**
 * The admin API's OpenAPI document as the text of `admin-openapi.json`, built once per process.
 *
 * @example
 * JSON.parse(adminOpenApiJson()).paths['/__sandbox/clock']
 */
export function adminOpenApiJson(): string {
  text ??= `${JSON.stringify(createAdminOpenApiDocument(), null, 2)}\n`
  return text
}
