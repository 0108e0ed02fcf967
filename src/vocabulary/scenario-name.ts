/**
 * What a scenario's name may be: a short id, safe in a header list and a file name.
 *
 * @example
 * SCENARIO_NAME.test('rate-limited') // true
 */
export const SCENARIO_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/
