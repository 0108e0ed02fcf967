import { describe, expect, it } from 'vitest'
import { allResponseFields } from '../../../src/contract/response-fields.js'
import { RESPONSE_FIELD_LIST } from '../../../src/vocabulary/response-field-list.js'
import { MUTATION_BY_ID, MUTATIONS } from '../../../src/vocabulary/mutations.js'
import { mutateAnswer } from '../../../src/core/mutate-answer.js'
import { toAnswer } from '../../../src/core/answer.js'
import { ok } from '../../../src/contract/envelope.js'

const decode = (body: Uint8Array) => JSON.parse(new TextDecoder().decode(body))

describe('the mutations, derived from the contract', () => {
  it('are made from the response fields the contract gives (run npm run build after changing a response schema)', () => {
    expect(RESPONSE_FIELD_LIST).toEqual(allResponseFields())
  })

  it('drop every documented field, the envelope’s too, and retype every leaf, with ids <kind>:<endpoint>:<path>', () => {
    const ids = MUTATIONS.map((mutation) => mutation.id)
    for (const id of [
      'drop:validate:success',
      'retype:validate:code',
      'drop:projects:data.projects[].domain',
      'retype:projects:data.total',
      'drop:monitoring:data.visibility_score.history',
      'retype:monitoring:data.visibility_score.history[].score',
      'drop:overview:data.brands_by_providers',
      'drop:overview:data.sentiment_analysis.neutral',
      'drop:overview:meta_data',
    ]) {
      expect(ids, id).toContain(id)
    }
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('take a map keyed by topic or provider as one field, and retype no object, list or map', () => {
    expect(MUTATIONS.some((mutation) => mutation.path.startsWith('data.brands_by_topics.'))).toBe(false)
    for (const path of ['data', 'data.projects', 'data.brands_by_topics', 'data.visibility_score.history']) {
      expect(MUTATION_BY_ID.has(`retype:monitoring:${path}`) || MUTATION_BY_ID.has(`retype:projects:${path}`), path).toBe(false)
    }
  })

  it('come in the endpoints’ order, each field’s drop before its retype', () => {
    const endpoints = [...new Set(MUTATIONS.map((mutation) => mutation.endpoint))]
    expect(endpoints).toEqual(['validate', 'projects', 'monitoring', 'overview'])
    const total = MUTATIONS.findIndex((mutation) => mutation.id === 'drop:projects:data.total')
    expect(MUTATIONS[total + 1]?.id).toBe('retype:projects:data.total')
  })
})

describe('mutateAnswer', () => {
  const answer = {
    ...toAnswer(
      ok(
        {
          projects: [
            { id: 101, domain: 'a.example' },
            { id: 102, domain: 'b.example' },
          ],
          total: 2,
        },
        'm',
      ),
    ),
    dates: 3,
  }

  it('drops a field in every item of a list, and keeps the count of dates and a right Content-Length', () => {
    const mutated = mutateAnswer(answer, MUTATION_BY_ID.get('drop:projects:data.projects[].domain')!)
    expect(decode(mutated.body).data.projects).toEqual([{ id: 101 }, { id: 102 }])
    expect(mutated.dates).toBe(3)
    expect(mutated.headers['content-length']).toBe(String(mutated.body.byteLength))
  })

  it('turns a number into a string, a string into a number and a boolean into a string', () => {
    expect(decode(mutateAnswer(answer, MUTATION_BY_ID.get('retype:projects:data.total')!).body).data.total).toBe('2')
    expect(decode(mutateAnswer(answer, MUTATION_BY_ID.get('retype:projects:data.projects[].domain')!).body).data.projects[0].domain).toBe(9)
    expect(decode(mutateAnswer(answer, MUTATION_BY_ID.get('retype:projects:success')!).body).success).toBe('true')
  })

  it('makes a mutated answer once, then gives the same object', () => {
    const mutation = MUTATION_BY_ID.get('drop:projects:data.total')!
    expect(mutateAnswer(answer, mutation)).toBe(mutateAnswer(answer, mutation))
  })
})
