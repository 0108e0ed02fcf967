import { z } from 'zod'
import type { ErrorTemplate } from '../vocabulary/errors.js'

/**
 * The envelope every answer uses, as zod schemas: exactly `success`, `message`, `code`, `data`,
 * `errors`, `meta_data`. `meta_data` is an empty object in every response the spec shows, so
 * anything in it is drift.
 */

const emptyObject = z.strictObject({})

/**
 * A success envelope around `data`, with `message` (a literal or a pattern).
 *
 * @example
 * successEnvelopeSchema(projectsDataSchema, z.literal(MESSAGES.projects)).parse(body)
 */
export function successEnvelopeSchema<Data extends z.ZodType, Message extends z.ZodType<string>>(data: Data, message: Message) {
  return z.strictObject({
    success: z.literal(true),
    message,
    code: z.literal(200).meta({ description: 'Equals the HTTP status' }),
    data,
    errors: emptyObject.meta({ description: 'Empty on success' }),
    meta_data: emptyObject.meta({ description: 'Empty in every response (contents not otherwise shown by the spec)' }),
  })
}

/**
 * Any error envelope: `success` false, `code` the status, empty `data`, `errors` with an optional
 * `error` code and `detail` (both absent on a 500). The shape of {@link ErrorEnvelope}.
 *
 * @example
 * errorEnvelopeSchema.safeParse(body).success
 */
export const errorEnvelopeSchema = z
  .strictObject({
    success: z.literal(false),
    message: z.string(),
    code: z.int().min(400).max(599).meta({ description: 'Equals the HTTP status' }),
    data: emptyObject.meta({ description: 'Empty on error' }),
    errors: z
      .strictObject({
        error: z.string().optional().meta({ description: 'Short machine code, such as missing_project_id' }),
        detail: z.string().optional().meta({ description: 'Longer text' }),
      })
      .meta({ description: 'Empty on a 500' }),
    meta_data: emptyObject,
  })
  .meta({ id: 'ErrorEnvelope', description: 'An error answer' })

/**
 * How {@link errorTemplateSchema} takes `errors.detail`: `optional` (the spec: "present in some
 * error responses only"), as `checkResponse` holds any deployment to it, or `required`, as the
 * OpenAPI document states the answers of a sandbox that always sends one (`sendsDetail`).
 *
 * @example
 * const options: ErrorTemplateSchemaOptions = { detail: 'required' }
 */
export interface ErrorTemplateSchemaOptions {
  readonly detail?: 'optional' | 'required'
}

/**
 * The exact error envelope built from one template: its status as `code`, its `message`, and its
 * `errors.error` code (with a `detail` of any text, optional unless `options.detail` is
 * `required`), or empty `errors` for a 500.
 *
 * @example
 * errorTemplateSchema(ERRORS.forbidden).parse(body)
 * errorTemplateSchema(ERRORS.forbidden, { detail: 'required' }).parse(body)
 */
export function errorTemplateSchema(template: ErrorTemplate, options: ErrorTemplateSchemaOptions = {}) {
  const detail = options.detail === 'required' ? z.string() : z.string().optional()
  return z.strictObject({
    success: z.literal(false),
    message: z.literal(template.message),
    code: z.literal(template.status),
    data: emptyObject,
    errors: template.error === undefined ? emptyObject : z.strictObject({ error: z.literal(template.error), detail }),
    meta_data: emptyObject,
  })
}

/**
 * A success answer: `success` true, `code` 200, the endpoint's `data`, empty `errors`.
 *
 * @example
 * const body: SuccessEnvelope<ProjectsData> = await response.json()
 */
export type SuccessEnvelope<Data> = Omit<z.output<ReturnType<typeof successEnvelopeSchema<z.ZodUnknown, z.ZodString>>>, 'data'> & {
  data: Data
}

/**
 * An error answer: `success` false, `code` = the HTTP status, empty `data`; `errors` holds `error`
 * and `detail` (both absent on a 500).
 *
 * @example
 * if (!body.success) console.log(body.errors.error) // 'missing_project_id'
 */
export type ErrorEnvelope = z.output<typeof errorEnvelopeSchema>

/**
 * The one response body shape of the API, fields in this order; `success` tells the two apart.
 *
 * @example
 * const body: Envelope<ProjectsData> = await response.json()
 * if (body.success) body.data.projects.forEach((project) => console.log(project.domain))
 */
export type Envelope<Data = Record<string, unknown>> = SuccessEnvelope<Data> | ErrorEnvelope
