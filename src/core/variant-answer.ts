import { ok } from '../contract/envelope.js'
import { variantData } from '../analytics/variant-data.js'
import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { hasVariant, VARIANT_API_VERSION, type VariantSet } from '../vocabulary/variants.js'
import { toAnswer, type Answer } from './answer.js'

/** `variant-extra-fields`' `meta_data.request_id`: `req_<n>`, n the request's id in the sandbox's journal. */
export const REQUEST_ID_PREFIX = 'req_'

/** Where a request's id goes in an answer's body: the bytes of `"request_id":"` end here. */
export interface StampableAnswer extends Answer {
  readonly dates?: number
  /** Byte offset in `body` where the request's id is put ({@link stampRequestId}); absent: nothing to stamp. */
  readonly requestIdAt?: number
}

const ID_MARK = '"request_id":"'
const encoder = new TextEncoder()

/**
 * A success of `endpoint` as `variants` show it: `data` reshaped ({@link variantData}), and under
 * `extra-fields` a `meta_data` with `api_version` and a place for the request's id, filled per
 * request by {@link stampRequestId}: the answer is built once and shared, the id costs a copy.
 *
 * @example
 * const answer = toVariantAnswer('projects', data, MESSAGES.projects, undefined, VARIANT_BITS['extra-fields'])
 * stampRequestId(answer, 7) // meta_data: { request_id: 'req_7', api_version: '1.0.0' }
 */
export function toVariantAnswer<Data>(
  endpoint: EndpointName,
  data: Data,
  message: string,
  projectId: number | undefined,
  variants: VariantSet,
): StampableAnswer {
  const envelope = ok(variantData(endpoint, data, projectId, variants), message)
  if (!hasVariant(variants, 'extra-fields')) return toAnswer(envelope)
  const meta = { request_id: '', api_version: VARIANT_API_VERSION }
  const json = JSON.stringify({ ...envelope, meta_data: meta })
  const mark = json.lastIndexOf(ID_MARK) + ID_MARK.length
  return { ...toAnswer(envelope, undefined, json), requestIdAt: encoder.encode(json.slice(0, mark)).byteLength }
}

/**
 * `answer` with `req_<journalId>` in its `meta_data.request_id` (the id the sandbox's journal gives
 * the request, so a test finds it there), where it has a place for one; else `answer` itself.
 *
 * @example
 * stampRequestId(answer, 1) // … "meta_data":{"request_id":"req_1","api_version":"1.0.0"} …
 */
export function stampRequestId(answer: StampableAnswer, journalId: number): Answer {
  const at = answer.requestIdAt
  if (at === undefined) return answer
  const id = encoder.encode(`${REQUEST_ID_PREFIX}${journalId}`)
  const body = new Uint8Array(answer.body.byteLength + id.byteLength)
  body.set(answer.body.subarray(0, at), 0)
  body.set(id, at)
  body.set(answer.body.subarray(at), at + id.byteLength)
  return { status: answer.status, headers: { ...answer.headers, 'content-length': String(body.byteLength) }, body }
}
