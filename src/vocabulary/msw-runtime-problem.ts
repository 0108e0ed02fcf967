/** The Node version msw 3 needs (its `engines`). */
const MSW_3_NODE = [22, 12] as const

/**
 * Why msw cannot run on this Node, in one sentence naming both versions, or `undefined` when it
 * can: msw 3 needs Node 22.12 or later, and on an older Node fails deep inside with
 * `Promise.withResolvers is not a function` or `fetch failed`.
 *
 * @example
 * mswRuntimeProblem('3.0.2', '20.20.2') // 'msw 3.0.2 needs Node 22.12 or later, and this is Node 20.20.2: …'
 * mswRuntimeProblem('2.15.0', '20.20.2') // undefined
 */
export function mswRuntimeProblem(mswVersion: string, nodeVersion: string): string | undefined {
  const [mswMajor] = mswVersion.split('.').map(Number)
  const [major = 0, minor = 0] = nodeVersion.replace(/^v/, '').split('.').map(Number)
  if (mswMajor === undefined || mswMajor < 3) return undefined
  if (major > MSW_3_NODE[0] || (major === MSW_3_NODE[0] && minor >= MSW_3_NODE[1])) return undefined
  return `msw ${mswVersion} needs Node ${MSW_3_NODE.join('.')} or later, and this is Node ${nodeVersion.replace(/^v/, '')}: install msw 2 (npm install -D msw@2) or use a newer Node`
}
