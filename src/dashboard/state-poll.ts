/**
 * How often the page looks for changes made elsewhere (a test, a script, another tab): its keys,
 * projects, clock, scenarios and client report.
 *
 * @example
 * setInterval(follow, STATE_POLL_MS)
 */
export const STATE_POLL_MS = 3000
