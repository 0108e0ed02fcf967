import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../../src/vocabulary/providers.js'
import { outOfYears } from '../../../src/core/guards/parse-analytics-query.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import type { Transport } from '../../support/transport.js'
import { expectError } from './expect-envelope.js'
import { INVALID_PROJECT_IDS, PROJECT_KEY, USER, USER_101, withKey } from './fixtures.js'

export function describeAnalyticsGuards(transport: Transport, endpoint: 'monitoring' | 'overview'): void {
  const get = (query: string, headers: Record<string, string> = USER_101) => transport.request(`${endpoint}${query}`, { headers })

  describe(`GET /${endpoint}: project and query checks`, () => {
    it('answers a USER key without X-Project-ID with 400 missing_project_id', async () => {
      expectError(await get('', USER), ERRORS.missingProjectId)
    })

    it('answers a USER key with a blank X-Project-ID with 400 missing_project_id', async () => {
      expectError(await get('', withKey(DOCUMENTED_KEYS.user, ' ')), ERRORS.missingProjectId)
    })

    it('serves a PROJECT key its own project without X-Project-ID', async () => {
      expect((await get('', PROJECT_KEY)).status).toBe(200)
    })

    it('serves a PROJECT key that names its own project, and refuses another with 403', async () => {
      expect((await get('', withKey(DOCUMENTED_KEYS.project, '101'))).status).toBe(200)
      expectError(await get('', withKey(DOCUMENTED_KEYS.project, '102')), ERRORS.forbidden)
    })

    it('answers 403 forbidden for a project of another account', async () => {
      expectError(await get('', withKey(DOCUMENTED_KEYS.user, '201')), ERRORS.forbidden)
      expectError(await get('', withKey(DOCUMENTED_KEYS.otherUser, '101')), ERRORS.forbidden)
      expectError(await get('', withKey(DOCUMENTED_KEYS.emptyUser, '101')), ERRORS.forbidden)
    })

    it('answers a project that does not exist exactly as a foreign one', async () => {
      const missing = await get('', withKey(DOCUMENTED_KEYS.user, '999'))
      expectError(missing, ERRORS.forbidden)
      expect(missing.text).toBe((await get('', withKey(DOCUMENTED_KEYS.user, '201'))).text)
    })

    it.each(INVALID_PROJECT_IDS)('answers X-Project-ID %j with 400 invalid_project_id', async (projectId) => {
      expectError(await get('', withKey(DOCUMENTED_KEYS.user, projectId)), ERRORS.invalidProjectId)
    })

    it('checks the project before the query: missing project id and forbidden win over a bad date', async () => {
      expectError(await get('?start_date=bad', USER), ERRORS.missingProjectId)
      expectError(await get('?start_date=bad', withKey(DOCUMENTED_KEYS.user, '201')), ERRORS.forbidden)
      expectError(await get('?start_date=bad', withKey(DOCUMENTED_KEYS.user, 'x')), ERRORS.invalidProjectId)
    })

    it.each(['2026-2-01', '2026-02-30', '2023-02-29', '2026-13-01', '01-02-2026', '2026-02-01T00:00:00Z', '', 'today'])(
      'answers start_date=%j with 400 invalid_date naming start_date',
      async (value) => {
        expectError(await get(`?start_date=${encodeURIComponent(value)}`), ERRORS.invalidDate, /start_date/)
      },
    )

    it('answers a malformed end_date with 400 invalid_date naming end_date', async () => {
      expectError(await get('?end_date=2026-04-31'), ERRORS.invalidDate, /end_date/)
    })

    it.each([
      ['end_date=0000-01-01', 'end_date'],
      ['start_date=0000-01-01&end_date=0000-01-30', 'start_date'],
      ['start_date=9999-12-31', 'start_date'],
      ['start_date=9999-12-01&end_date=9999-12-31', undefined],
    ] as const)(
      'answers %s, whose range or the period before it falls outside 0000-01-01 to 9999-12-31, as YYYY-MM-DD allows (%s)',
      async (query, culprit) => {
        const answer = await get(`?${query}`)
        if (culprit === undefined) {
          expect(answer.status).toBe(200)
          expect(answer.body.data.historical_comparison?.current_period ?? answer.body.data).toBeDefined()
          return
        }
        expectError(answer, ERRORS.invalidDate, outOfYears(culprit))
      },
    )

    it('answers end_date before start_date with 400 invalid_date_range', async () => {
      expectError(await get('?start_date=2026-02-10&end_date=2026-02-09'), ERRORS.invalidDateRange)
    })

    it('accepts a range of exactly 366 days and answers 367 days with 400 date_range_too_large', async () => {
      expect((await get('?start_date=2025-01-01&end_date=2026-01-01')).status).toBe(200)
      expectError(await get('?start_date=2025-01-01&end_date=2026-01-02'), ERRORS.dateRangeTooLarge, /367 days/)
    })

    it('answers an unknown provider with 400 invalid_provider whose detail lists every accepted value', async () => {
      const answer = await get('?provider=altavista')
      expectError(answer, ERRORS.invalidProvider)
      for (const provider of PROVIDERS) expect(answer.body.errors.detail).toContain(provider)
    })

    it('answers an unknown region code with 400 invalid_region', async () => {
      expectError(await get('?region=XX'), ERRORS.invalidRegion)
      expectError(await get('?region=USA'), ERRORS.invalidRegion)
    })

    it('answers a repeated parameter with the 400 of that parameter', async () => {
      expectError(await get('?start_date=2026-01-01&start_date=2026-01-02'), ERRORS.invalidDate, /at most once/)
      expectError(await get('?provider=chatgpt&provider=gemini'), ERRORS.invalidProvider, /at most once/)
      expectError(await get('?region=US&region=CA'), ERRORS.invalidRegion, /at most once/)
    })

    it('checks dates before provider and provider before region', async () => {
      expectError(await get('?start_date=x&provider=x&region=x'), ERRORS.invalidDate, /start_date/)
      expectError(await get('?provider=x&region=x'), ERRORS.invalidProvider)
    })
  })
}
