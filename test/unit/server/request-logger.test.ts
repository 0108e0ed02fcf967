import { describe, expect, it } from 'vitest'
import { createRequestLogger } from '../../../src/server/request-logger.js'

function lines(format: 'pretty' | 'json') {
  const written: string[] = []
  const log = createRequestLogger(format, (line) => written.push(line))!
  log({ method: 'GET', path: '/api/v1/monitoring?start_date=x', status: 400, ms: 1.25, key: 'sbx_user_alpha', error: 'invalid_date' })
  log({ method: 'GET', path: '/api/v1/projects', status: 200, ms: 0.5, key: null, error: null })
  return written
}

describe('the request log', () => {
  it("shows each answer's error code after its status in a readable line, and the key masked", () => {
    const [failed, succeeded] = lines('pretty')
    expect(failed).toMatch(/ GET \/api\/v1\/monitoring\?start_date=x → 400 {2}invalid_date 1\.3 ms {2}key sbx_us…ha\n$/)
    expect(succeeded).toMatch(/ GET \/api\/v1\/projects → 200 0\.5 ms\n$/)
  })

  it('gives the error code (null for none) as a field of the JSON line', () => {
    const [failed, succeeded] = lines('json').map((line) => JSON.parse(line))
    expect(failed).toMatchObject({ status: 400, error: 'invalid_date', key: 'sbx_us…ha', ms: 1.3 })
    expect(succeeded).toMatchObject({ status: 200, error: null, key: null })
  })

  it('gives ms to a tenth in the JSON line, without float noise', () => {
    const written: string[] = []
    createRequestLogger('json', (line) => written.push(line))!({ method: 'GET', path: '/', status: 200, ms: 1003.3433349999999, key: null })
    expect(written[0]).toContain('"ms":1003.3,')
  })

  it('names the fault a request met, and says "no answer" where none was sent, in both formats', () => {
    const pretty: string[] = []
    const json: string[] = []
    for (const [format, written] of [
      ['pretty', pretty],
      ['json', json],
    ] as const) {
      const log = createRequestLogger(format, (line) => written.push(line))!
      log({ method: 'GET', path: '/api/v1/projects', status: null, ms: 0.4, key: null, fault: 'connection-reset' })
      log({ method: 'GET', path: '/api/v1/projects', status: 502, ms: 0.4, key: null, fault: 'gateway-html' })
    }
    expect(pretty[0]).toMatch(/ GET \/api\/v1\/projects → no answer {2}fault-connection-reset 0\.4 ms\n$/)
    expect(pretty[1]).toMatch(/ → 502 {2}fault-gateway-html 0\.4 ms\n$/)
    expect(JSON.parse(json[0]!)).toMatchObject({ status: null, fault: 'fault-connection-reset' })
    expect(JSON.parse(json[1]!)).toMatchObject({ status: 502, fault: 'fault-gateway-html' })
  })

  it('writes nothing and costs nothing with --log none', () => {
    expect(createRequestLogger('none', () => undefined)).toBeUndefined()
  })
})
