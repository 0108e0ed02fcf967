import type { Socket } from 'node:net'

/** One GET of a 366-day /monitoring range (a large answer) for the documented PROJECT key. */
export declare const LARGE_ANSWER_REQUEST: string

/** Attackers' connections: close them all. */
export interface Flood {
  readonly sockets: readonly Socket[]
  close(): void
}

/**
 * Opens `connections` sockets to `port` that each write `requests` pipelined requests at once and
 * never read an answer: the attack that once ran the sandbox out of memory.
 */
export declare function pipelineFlood(port: number, connections: number, requests: number, request?: string): Promise<Flood>
