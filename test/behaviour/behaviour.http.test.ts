import { startSandbox } from '../../src/server/start-sandbox.js'
import type { BehaviourReport } from '../../src/core/behaviour/behaviour-judge.js'
import type { JournalEntry } from '../../src/library.js'
import { dataOf, describeBehaviour } from './describe-behaviour.js'

describeBehaviour('over HTTP, GET /__sandbox/behaviour', async () => {
  const running = await startSandbox({ now: '2026-03-01' })
  const admin = `http://127.0.0.1:${running.port}/__sandbox/`
  return {
    url: running.url,
    behaviour: async (query = '') => dataOf<BehaviourReport>(await fetch(`${admin}behaviour?${query}`)),
    useScenario: async (...scenarios) => running.useScenario(...scenarios),
    reset: () => running.reset(),
    close: () => running.close(),
    expect: async (body) => {
      const response = await fetch(`${admin}expect`, { method: 'POST', body: JSON.stringify(body) })
      const answer = (await response.json()) as {
        data: { matched?: JournalEntry[] }
        errors: { differences?: string[]; entries?: JournalEntry[]; fields?: { field: string }[] }
      }
      return {
        status: response.status,
        matched: answer.data.matched,
        differences: answer.errors.differences,
        entries: answer.errors.entries,
        fields: answer.errors.fields?.map((issue) => issue.field),
      }
    },
  }
})
