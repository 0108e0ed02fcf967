import { createOpenApiDocument } from './create-openapi-document.js'

let text: string | undefined

/**
 * The OpenAPI document as the text of `openapi.json`: 2-space JSON and a final newline, built once
 * per process. The build writes it; the admin API serves the same text.
 *
 * @example
 * const document = JSON.parse(openApiJson()) // createOpenApiDocument()
 */
export function openApiJson(): string {
  text ??= `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`
  return text
}
