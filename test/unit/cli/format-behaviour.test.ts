import { describe, expect, it } from 'vitest'
import { formatBehaviourJunit, formatBehaviourText } from '../../../src/cli/format-behaviour.js'
import { BehaviourJudge } from '../../../src/core/behaviour/behaviour-judge.js'
import { BEHAVIOUR_FAILURES } from '../../../src/core/behaviour/behaviour-judge.js'

const SAID = {
  method: 'GET',
  path: '/api/v1/projects',
  query: '',
  status: 200,
  keySent: 'sbx_user_alpha',
  key: 'sbx_us…ha',
  projectId: null,
  scenarios: [],
  error: null,
  cut: false,
  warnings: [],
  fault: 'fault-slow-body',
  retryAfter: null,
  cost: 256,
}

describe('The behaviour reports', () => {
  it('say a gives-up failure with the time waited, and no least gap where the rule has none', () => {
    const judge = new BehaviourJudge()
    judge.settle(SAID, Date.UTC(2026, 2, 1), 1, 3012, false)
    const text = formatBehaviourText(judge.report('reset'))
    expect(text).toContain(`        ${BEHAVIOUR_FAILURES.waitedOut(3012)}\n`)
    expect(text).not.toContain('null')
    expect(text).toContain('      sbx_us…ha: broken 1 of 1 time\n')
  })

  it('fail a broken rule’s case in JUnit only under --strict-behaviour, as the command fails only then', () => {
    const judge = new BehaviourJudge()
    judge.settle(SAID, Date.UTC(2026, 2, 1), 1, 3012, false)
    expect(formatBehaviourJunit(judge.report('reset'), true)).toContain('<failure message=')
    expect(formatBehaviourJunit(judge.report('reset'), false)).not.toContain('<failure ')
  })
})
