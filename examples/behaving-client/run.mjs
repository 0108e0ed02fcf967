// Runs examples/behaving-client/client.mjs under the faults a client must handle, a session of the
// sandbox at ANALYTICS_SANDBOX_URL each, so that `analytics-sandbox report --behaviour -- node
// examples/behaving-client/run.mjs` judges every rule:
//   npx analytics-sandbox report --strict-behaviour -- node examples/behaving-client/run.mjs
import { createClient } from './client.mjs'

const base = process.env.ANALYTICS_SANDBOX_URL ?? 'http://127.0.0.1:4010/api/v1/'
const admin = base.replace(/api\/v1\/$/, '__sandbox/')

/** A session of its own under `scenarios`; its base URL. */
async function session(...scenarios) {
  const answer = await fetch(`${admin}sessions`, { method: 'POST', body: JSON.stringify({ scenarios }) })
  return (await answer.json()).data.base_url
}

/** Calls `path`, as the application would, and notes an error it met rather than failing the run. */
async function call(client, path, key = 'sbx_user_alpha', projectId) {
  try {
    await client.get(path, key, projectId)
    return 'ok'
  } catch (error) {
    return error.name === 'TimeoutError' ? 'timed out' : error.message
  }
}

const scenarios = {
  // A 503 with Retry-After: 1 once, then answers.
  'retry-after': [{ name: 'unavailable-once', description: 'One 503', retry_after: 1, rules: [{ fail: { status: 503, nth: 1 } }] }],
  // Two 500s, then answers: two retries, 100 and 200 ms apart.
  retries: [{ name: 'fails-twice', description: 'Two 500s', rules: [{ fail: { status: 500, nth: [1, 2] } }] }],
  'bad-request': ['bad-request'],
  'expired-keys': ['expired-keys'],
  // Keep-alive connections closed under the requests that reuse them: each sent again until answered.
  'keepalive-close': ['fault-keepalive-close'],
  timeout: ['timeout'],
}

for (const [name, given] of Object.entries(scenarios)) {
  const client = createClient(await session(...given), { timeoutMs: 500 })
  const outcomes = [await call(client, 'projects'), await call(client, 'validate'), await call(client, 'projects')]
  console.error(`${name}: ${outcomes.join(', ')}`)
}
