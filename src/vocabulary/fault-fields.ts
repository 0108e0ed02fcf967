import { MAX_LATENCY_MS } from './latency.js'
import {
  DEFAULT_BYTES_PER_SECOND,
  DEFAULT_CUT_AFTER_BYTES,
  DEFAULT_GATEWAY_DELAY_MS,
  DEFAULT_SLOW_BODY_MS,
  DEFAULT_SLOW_HEADERS_MS,
  MAX_BYTES_PER_SECOND,
  MAX_CUT_AFTER_BYTES,
  type FaultType,
} from './faults.js'

/**
 * A field a fault rule may give beside its `type`, `rate` and `nth`: the faults it applies to, the
 * whole numbers it takes, and what it says (the schema's description).
 */
export interface FaultField {
  readonly types: readonly FaultType[]
  readonly min: number
  readonly max: number
  /** What the number counts, as its refusal names it: `milliseconds`, `bytes`… */
  readonly unit: string
  readonly description: string
}

/**
 * The fields a fault rule may give, by name as a scenario writes it. The schema is made from this
 * table: each field refused on a fault it does not apply to, or outside its range, naming the
 * field, and the JSON Schema saying the same.
 *
 * @example
 * FAULT_FIELDS.bytes_per_second.types // ['bandwidth']
 */
export const FAULT_FIELDS = {
  delay: {
    types: ['gateway-timeout'],
    min: 0,
    max: MAX_LATENCY_MS,
    unit: 'milliseconds',
    description: `gateway-timeout only: milliseconds before the 504 (default ${DEFAULT_GATEWAY_DELAY_MS})`,
  },
  duration: {
    types: ['slow-body', 'slow-headers'],
    min: 0,
    max: MAX_LATENCY_MS,
    unit: 'milliseconds',
    description: `slow-body and slow-headers only: milliseconds the body (slow-body, default ${DEFAULT_SLOW_BODY_MS}) or the status line and headers (slow-headers, default ${DEFAULT_SLOW_HEADERS_MS}) are spread over`,
  },
  bytes_per_second: {
    types: ['bandwidth'],
    min: 1,
    max: MAX_BYTES_PER_SECOND,
    unit: 'bytes a second',
    description: `bandwidth only: bytes a second the body is sent at (default ${DEFAULT_BYTES_PER_SECOND})`,
  },
  bytes: {
    types: ['cut-after'],
    min: 0,
    max: MAX_CUT_AFTER_BYTES,
    unit: 'bytes',
    description: `cut-after only: bytes of the body sent before the connection closes (default ${DEFAULT_CUT_AFTER_BYTES}: right after the headers); at or past the body's length, one byte short of its end`,
  },
} as const satisfies Readonly<Record<string, FaultField>>

/**
 * The name of a field a fault rule may give.
 *
 * @example
 * const field: FaultFieldName = 'bytes'
 */
export type FaultFieldName = keyof typeof FAULT_FIELDS

/**
 * The fault fields' names, in the table's order.
 *
 * @example
 * FAULT_FIELD_NAMES.includes('duration') // true
 */
export const FAULT_FIELD_NAMES = Object.keys(FAULT_FIELDS) as FaultFieldName[]

/**
 * Why a fault field's value was refused: not a whole number in its range.
 *
 * @example
 * faultFieldRange('bytes_per_second') // 'must be bytes a second, a whole number from 1 to 10000000'
 */
export function faultFieldRange(field: FaultFieldName): string {
  const { unit, min, max } = FAULT_FIELDS[field]
  return `must be ${unit}, a whole number from ${min} to ${max}`
}

/**
 * Why a fault field was refused on a fault it does not apply to.
 *
 * @example
 * faultFieldMisplaced('duration') // 'duration applies to slow-body and slow-headers only'
 */
export function faultFieldMisplaced(field: FaultFieldName): string {
  return `${field} applies to ${FAULT_FIELDS[field].types.join(' and ')} only`
}
