import { beforeEach, describe, expect, it } from 'vitest'
import { OUTCOMES } from '../../src/core/report/outcome-catalogue.js'
import { ENDPOINT_NAMES, ENDPOINT_RULES } from '../../src/vocabulary/endpoint-rules.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { WARNING_BY_CODE, WARNING_TEMPLATES } from '../../src/vocabulary/warnings.js'
import type { ReportHarness, Sent } from './report-harness.js'

/** What an answer says of the outcome it is: status, errors.error, and the dates of an analytics success. */
function outcomeOf(sent: Sent): { status: number | null; error: string | null; dates: number | undefined } {
  // A fault's answer may be none, HTML or JSON that does not parse: it has no envelope to read.
  const count = /for (\d+) dates$/.exec(sent.body?.message ?? '')?.[1]
  return { status: sent.status, error: sent.body?.errors?.error ?? null, dates: count === undefined ? undefined : Number(count) }
}

/** A seeded shuffle, so "in any order" is tested in a reproducible one. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items]
  let state = seed
  for (let index = copy.length - 1; index > 0; index--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    const other = state % (index + 1)
    ;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
  }
  return copy
}

const CLEAN = { 'X-API-Key': 'sbx_user_alpha', 'X-Project-ID': '101' }

/** Every rule of product.md's "The client report", against one harness. */
export function describeClientReport(report: ReportHarness): void {
  beforeEach(() => report.reset())

  describe(`outcomes (${report.name})`, () => {
    it.each(OUTCOMES.map((outcome) => [outcome.id, outcome] as const))(
      'the example of %s produces it, and coverage counts it once',
      async (_, outcome) => {
        const sent = await report.sendExample(outcome.example)
        const got = outcomeOf(sent)
        // A keep-alive connection closes under a request only where the connection was reused (a
        // pooled fetch's may be): the client then sees no answer; on a new one, the answer.
        if (outcome.id === 'fault-keepalive-close') expect([outcome.status, null]).toContain(got.status)
        else expect(got.status).toBe(outcome.status)
        expect(got.error).toBe(outcome.error)
        if (outcome.dates !== null) expect(got.dates === 0 ? 'none' : 'some').toBe(outcome.dates)
        const covered = (await report.coverage()).outcomes.filter((candidate) => candidate.seen > 0)
        expect(covered.map((candidate) => [candidate.id, candidate.seen])).toEqual([[outcome.id, 1]])
      },
    )

    it('reaches 100 % when every example is replayed once, in any order, without a reset between them', async () => {
      for (const outcome of shuffled(OUTCOMES, 29)) await report.sendExample(outcome.example)
      const coverage = await report.coverage()
      expect(coverage).toMatchObject({ total: OUTCOMES.length, covered: OUTCOMES.length, percent: 100, warnings: [] })
      expect(coverage.outcomes.every((outcome) => outcome.seen === 1)).toBe(true)
      // fault-gateway-timeout's example waits out the gateway's 5 seconds.
    }, 30_000)

    it('gives the same report for the same requests, and an empty one after a reset', async () => {
      const run = async () => {
        for (const outcome of OUTCOMES.slice(0, 20)) await report.sendExample(outcome.example)
        await report.send('monitoring?startDate=2026-01-01', { headers: CLEAN })
        return JSON.stringify(await report.coverage())
      }
      const first = await run()
      await report.reset()
      expect((await report.coverage()).covered).toBe(0)
      expect(await run()).toBe(first)
    })

    it("keeps the suite's counts across a reset (scope suite), while the default report starts again", async () => {
      await report.send('validate', { headers: CLEAN })
      await report.reset()
      await report.send('projects', { headers: { 'X-API-Key': 'sbx_project_101' } })
      const seen = async (scope?: 'suite' | 'reset') =>
        (await report.coverage(scope)).outcomes.filter((outcome) => outcome.seen > 0).map((outcome) => outcome.id)
      expect(await seen()).toEqual(['projects.200.project'])
      expect(await seen('reset')).toEqual(['projects.200.project'])
      expect(await seen('suite')).toEqual(expect.arrayContaining(['validate.200.user', 'projects.200.project']))
    })

    it('counts a success by key level and, for /monitoring and /overview, with data or with 0 dates', async () => {
      await report.send('monitoring?start_date=1990-01-01&end_date=1990-01-31', { headers: CLEAN })
      await report.send('overview', { headers: { 'X-API-Key': 'sbx_project_101' } })
      const seen = (await report.coverage()).outcomes.filter((outcome) => outcome.seen > 0).map((outcome) => outcome.id)
      expect(seen).toEqual(['monitoring.200.user.no_dates', 'overview.200.project.with_data'])
    })
  })

  describe(`the catalogue (${report.name})`, () => {
    it('holds, for each endpoint, its successes, 401, every error of its rules, its own 500, and what the built-in scenarios add, each once', () => {
      const ids = OUTCOMES.map((outcome) => outcome.id)
      expect(new Set(ids).size).toBe(ids.length)
      for (const name of ENDPOINT_NAMES) {
        const rules = ENDPOINT_RULES[name]
        const errors = OUTCOMES.filter((outcome) => outcome.endpoint === name).map((outcome) => `${outcome.status} ${outcome.error}`)
        for (const template of [ERRORS.unauthorized, ...rules.errors, ERRORS.rateLimited, ERRORS.serviceUnavailable, ERRORS.badRequest]) {
          expect(errors).toContain(`${template.status} ${template.error}`)
        }
        expect(errors).toContain(`${rules.failure.status} null`)
        expect(errors.filter((error) => error === '200 null')).toHaveLength(rules.analytics ? 4 : 2)
      }
    })
  })

  describe(`warnings (${report.name})`, () => {
    const KINDS: ReadonlyArray<[string, string, Record<string, string>, string | undefined, RegExp]> = [
      [
        'unknown_parameter',
        'monitoring?startDate=2026-01-01',
        CLEAN,
        undefined,
        /"startDate" is not a query parameter of \/monitoring.*did you mean start_date\?/,
      ],
      [
        'unknown_parameter',
        'projects?startDate=2026-01-01',
        { 'X-API-Key': 'sbx_user_alpha' },
        undefined,
        /"startDate" is not a query parameter of \/projects, so the API ignores it: it reads none \(start_date is read by \/monitoring and \/overview only\)$/,
      ],
      [
        'ignored_parameter',
        'projects?start_date=2026-01-01',
        { 'X-API-Key': 'sbx_user_alpha' },
        undefined,
        /"start_date" is read by \/monitoring and \/overview, not by \/projects/,
      ],
      ['repeated_parameter', 'overview?utm=a&utm=b', CLEAN, undefined, /"utm" is given 2 times/],
      ['ignored_project_id', 'projects', CLEAN, undefined, /X-Project-ID is ignored by \/projects/],
      ['body_on_get', 'validate', { 'X-API-Key': 'sbx_user_alpha' }, '{"a":1}', /carries a body/],
      [
        'key_in_query',
        'projects?api_key=sbx_user_alpha',
        { 'X-API-Key': 'sbx_user_alpha' },
        undefined,
        /API key was sent in the query string/,
      ],
    ]

    it.each(KINDS)(
      'warns %s for GET /api/v1/%s in an X-Sandbox-Warning line, the journal and the report, with the answer unchanged',
      async (code, target, headers, body, text) => {
        const sent = await report.send(target, body === undefined ? { headers } : { headers, body })
        const line = sent.warnings.find((candidate) => candidate.startsWith(`${code}: `))
        expect(line, sent.warnings.join(' | ')).toMatch(text)
        const clean = await report.send(target.replace(/\?.*$/, ''), {
          headers: code === 'ignored_project_id' ? { 'X-API-Key': 'sbx_user_alpha' } : headers,
        })
        expect(clean.warnings).toEqual([])
        // The status and body never change with a warning.
        expect(sent.status).toBe(clean.status)
        if (code !== 'key_in_query' || sent.status === 200) expect(sent.text).toBe(clean.text)
        const journal = await report.journal()
        const entry = journal.at(-2)!
        expect(entry.warnings.map((warning) => warning.code)).toContain(code)
        expect(journal.at(-1)!.warnings).toEqual([])
        const counted = (await report.coverage()).warnings.find((warning) => warning.code === code)
        expect(counted).toMatchObject({ code, count: 1, request_id: entry.id })
        expect(`${code}: ${counted!.detail}`).toBe(line)
      },
    )

    it('sends no X-Sandbox-Warning for a clean request', async () => {
      for (const target of ['validate', 'projects', 'monitoring?start_date=2026-01-01&provider=chatgpt', 'overview?region=US']) {
        const sent = await report.send(target, { headers: target === 'projects' ? { 'X-API-Key': 'sbx_user_alpha' } : CLEAN })
        expect(sent.warnings, target).toEqual([])
      }
      expect((await report.coverage()).warnings).toEqual([])
    })

    it('never shows a key in a warning, even one sent as a parameter name', async () => {
      const sent = await report.send('projects?sbx_user_beta&x=sbx_user_empty', { headers: { 'X-API-Key': 'sbx_user_alpha' } })
      // A key inside a longer name: the warning quotes too little of it to hold the key.
      const inside = await report.send('projects?pre_sbx_user_beta_post=1', { headers: { 'X-API-Key': 'sbx_user_alpha' } })
      expect(inside.warnings.join('\n')).not.toContain('sbx_user_beta')
      const text = JSON.stringify([sent.warnings, (await report.journal()).slice(0, 1), (await report.coverage()).warnings])
      expect(text).toContain(WARNING_TEMPLATES.keyInQuery.error)
      expect(text).not.toMatch(/sbx_user_beta|sbx_user_empty/)
    })
  })
}

/** Strict mode's rules, against a harness whose sandbox is strict. */
export function describeStrictMode(report: ReportHarness): void {
  beforeEach(() => report.reset())

  describe(`strict mode (${report.name})`, () => {
    it.each(Object.values(WARNING_TEMPLATES).map((template) => [template.error, template] as const))(
      'answers a request with a %s warning 400 with that code and the warning as its detail',
      async (code, template) => {
        const [target, headers, body]: [string, Record<string, string>, string | undefined] =
          code === 'unknown_parameter'
            ? ['monitoring?startDate=2026-01-01', CLEAN, undefined]
            : code === 'ignored_parameter'
              ? ['projects?region=US', { 'X-API-Key': 'sbx_user_alpha' }, undefined]
              : code === 'repeated_parameter'
                ? ['validate?a=1&a=2', { 'X-API-Key': 'sbx_user_alpha' }, undefined]
                : code === 'ignored_project_id'
                  ? ['projects', CLEAN, undefined]
                  : code === 'body_on_get'
                    ? ['validate', { 'X-API-Key': 'sbx_user_alpha' }, 'x']
                    : ['validate?token=abc', { 'X-API-Key': 'sbx_user_alpha' }, undefined]
        const sent = await report.send(target, body === undefined ? { headers } : { headers, body })
        expect(sent.status).toBe(400)
        const first = sent.warnings[0]!
        expect(sent.body.errors).toEqual({ error: first.split(': ')[0], detail: first.slice(first.indexOf(': ') + 2) })
        // The first warning decides (a repeated unknown parameter is unknown first).
        expect(sent.body.message).toBe(WARNING_BY_CODE.get(sent.body.errors.error)!.message)
        expect(sent.warnings.some((line) => line.startsWith(`${code}: `))).toBe(true)
        if (sent.body.errors.error === code) expect(sent.body.message).toBe(template.message)
      },
    )

    it('still answers a missing key 401 first, and a clean request as usual', async () => {
      expect((await report.send('monitoring?startDate=x')).status).toBe(401)
      expect((await report.send('monitoring?start_date=2026-01-01', { headers: CLEAN })).status).toBe(200)
    })
  })
}
