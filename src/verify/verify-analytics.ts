import { LIMITS } from '../vocabulary/limits.js'
import type { MonitoringData, OverviewData } from '../contract/resource-schemas.js'
import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { monitoringConsistency, overviewConsistency, periodConsistency, shiftDate } from './analytics-consistency.js'
import type { ProbeAnswer } from './probe.js'
import type { Account } from './verify-account.js'
import type { CheckSpec, VerifyRun } from './create-verify-run.js'

const dataOf = <Data>(answer: ProbeAnswer) => (answer.body as { data: Data; message: string }).data
const messageOf = (answer: ProbeAnswer) => (answer.body as { message: string }).message

/** Any valid date: the date-error checks build their ranges on it when /monitoring gave no range of its own. */
const FALLBACK_END = '2026-01-31'

/** The checks that need a project: these skip, naming why, when the account gives none. */
const NEEDS_PROJECT: readonly CheckSpec[] = [
  { id: 'monitoring', title: 'GET /monitoring answers 200 with the monitoring data', basis: 'spec' },
  { id: 'overview', title: 'GET /overview answers 200 with the overview data', basis: 'spec' },
]

const MONITORING_CONSISTENCY: CheckSpec = {
  id: 'monitoring.consistency',
  title: '/monitoring covers the default 30 days, its history, current score, means and trend agree',
  basis: 'sandbox',
}
const MONITORING_RANGE: CheckSpec = {
  id: 'monitoring.range',
  title: 'GET /monitoring of the last 7 days echoes the range and the same daily scores',
  basis: 'sandbox',
}
const MONITORING_PREVIOUS: CheckSpec = {
  id: 'monitoring.previous-period',
  title: 'GET /monitoring of the previous period matches the comparison’s previous period',
  basis: 'sandbox',
}
const OVERVIEW_PROVIDER: CheckSpec = {
  id: 'overview.provider',
  title: 'GET /overview with a provider filter shows that provider only',
  basis: 'sandbox',
}
const OVERVIEW_CONSISTENCY: CheckSpec = {
  id: 'overview.consistency',
  title: '/overview agrees with /monitoring: dates, brands, scores; shares sum to 1',
  basis: 'sandbox',
}

/** The guard errors of the analytics endpoints, each with the query or header that provokes it. */
function guardProbes(account: Account, end: string): Array<{ spec: CheckSpec; path: string; projectId?: string; template: ErrorTemplate }> {
  const project = account.key?.key_level === 'USER' ? String(account.projectId) : undefined
  const probes = [
    {
      id: 'invalid-project-id',
      title: 'X-Project-ID that is not a positive integer answers 400 invalid_project_id',
      projectId: 'abc',
      template: ERRORS.invalidProjectId,
    },
    {
      id: 'invalid-date',
      title: 'An impossible start_date answers 400 invalid_date',
      query: 'start_date=2026-02-30',
      template: ERRORS.invalidDate,
    },
    {
      id: 'invalid-date-range',
      title: 'end_date before start_date answers 400 invalid_date_range',
      query: `start_date=${end}&end_date=${shiftDate(end, -1)}`,
      template: ERRORS.invalidDateRange,
    },
    {
      id: 'date-range-too-large',
      title: `A range of ${LIMITS.rangeDays + 1} days answers 400 date_range_too_large`,
      query: `start_date=${shiftDate(end, -LIMITS.rangeDays)}&end_date=${end}`,
      template: ERRORS.dateRangeTooLarge,
    },
    {
      id: 'invalid-provider',
      title: 'An unknown provider answers 400 invalid_provider',
      query: 'provider=not-a-provider',
      template: ERRORS.invalidProvider,
    },
    {
      id: 'invalid-region',
      title: 'An unknown region answers 400 invalid_region',
      query: 'region=not-a-region',
      template: ERRORS.invalidRegion,
    },
  ]
  return probes.map((probe) => ({
    spec: { id: `monitoring.${probe.id}`, title: probe.title, basis: 'sandbox' },
    path: `monitoring${probe.query === undefined ? '' : `?${probe.query}`}`,
    template: probe.template,
    ...((probe.projectId ?? project) === undefined ? {} : { projectId: probe.projectId ?? project }),
  }))
}

/**
 * The analytics checks on one project: `/monitoring` and `/overview` in their default range and in
 * chosen ones, the promises that tie them together, and every guard error (400 and 403).
 */
export async function verifyAnalytics(run: VerifyRun, account: Account): Promise<void> {
  if (account.projectId === undefined || account.key === undefined) {
    for (const spec of NEEDS_PROJECT) run.skip(spec, account.noProject ?? 'no project')
    return
  }
  const isUser = account.key.key_level === 'USER'
  const projectId = isUser ? String(account.projectId) : undefined
  const at = (endpoint: EndpointName, query = '') => ({
    path: `${endpoint}${query === '' ? '' : `?${query}`}`,
    ...(projectId === undefined ? {} : { projectId }),
  })

  const checked = await run.check(NEEDS_PROJECT[0]!, at('monitoring'), { endpoint: 'monitoring', status: 200 })
  const monitoring = checked?.conforms === true ? checked : undefined
  const data = monitoring === undefined ? undefined : dataOf<MonitoringData>(monitoring)
  if (monitoring === undefined || data === undefined) {
    for (const spec of [MONITORING_CONSISTENCY, MONITORING_RANGE, MONITORING_PREVIOUS])
      run.skip(spec, 'needs a conforming GET /monitoring answer')
  } else if (run.wants(MONITORING_CONSISTENCY)) {
    run.record(MONITORING_CONSISTENCY, monitoring, monitoringConsistency(data, messageOf(monitoring), { days: 30 }))
  }
  const period = data?.historical_comparison.current_period
  const previous = data?.historical_comparison.previous_period
  let dayBefore: number | undefined
  if (data !== undefined && period !== undefined && previous !== undefined) {
    const start = shiftDate(period.end, -6)
    await run.check(
      MONITORING_RANGE,
      at('monitoring', `start_date=${start}&end_date=${period.end}`),
      { endpoint: 'monitoring', status: 200 },
      (answer) => {
        const week = dataOf<MonitoringData>(answer)
        const same =
          JSON.stringify(week.visibility_score.history) ===
          JSON.stringify(data.visibility_score.history.filter((entry) => entry.date >= start))
        const issues = monitoringConsistency(week, messageOf(answer), { start, end: period.end })
        return same
          ? issues
          : [
              ...issues,
              { path: 'data.visibility_score.history', expected: 'the default range’s scores for those dates', received: 'other scores' },
            ]
      },
    )
    const earlier = await run.check(
      MONITORING_PREVIOUS,
      at('monitoring', `start_date=${previous.start}&end_date=${previous.end}`),
      { endpoint: 'monitoring', status: 200 },
      (answer) => periodConsistency(data, dataOf(answer)),
    )
    if (earlier?.conforms === true)
      dayBefore = dataOf<MonitoringData>(earlier).visibility_score.history.find((entry) => entry.date === previous.end)?.score ?? 0
  }
  const checkedOverview = await run.check(NEEDS_PROJECT[1]!, at('overview'), { endpoint: 'overview', status: 200 })
  const overview = checkedOverview?.conforms === true ? checkedOverview : undefined
  if (overview === undefined || data === undefined) {
    for (const spec of [OVERVIEW_CONSISTENCY, OVERVIEW_PROVIDER]) run.skip(spec, 'needs conforming GET /monitoring and /overview answers')
  } else if (run.wants(OVERVIEW_CONSISTENCY)) {
    run.record(OVERVIEW_CONSISTENCY, overview, overviewConsistency(dataOf(overview), messageOf(overview), data, dayBefore))
  }
  const providers = overview === undefined ? [] : Object.keys(dataOf<OverviewData>(overview).brands_by_providers)
  const provider = providers[providers.length - 1]
  if (overview !== undefined && provider === undefined) run.skip(OVERVIEW_PROVIDER, 'the default range shows no provider')
  if (provider !== undefined) {
    await run.check(OVERVIEW_PROVIDER, at('overview', `provider=${provider}`), { endpoint: 'overview', status: 200 }, (answer) => {
      const keys = Object.keys(dataOf<OverviewData>(answer).brands_by_providers)
      return keys.every((key) => key === provider)
        ? []
        : [{ path: 'data.brands_by_providers', expected: `only ${provider}`, received: keys.join(', ') }]
    })
  }
  await verifyGuards(run, account, period?.end ?? FALLBACK_END)
}

async function verifyGuards(run: VerifyRun, account: Account, end: string): Promise<void> {
  if (account.key?.key_level === 'USER') {
    for (const endpoint of ['monitoring', 'overview'] as const) {
      await run.check(
        {
          id: `${endpoint}.missing-project-id`,
          title: `GET /${endpoint} with a USER key and no X-Project-ID answers 400 missing_project_id`,
          basis: 'spec',
        },
        { path: endpoint },
        { endpoint, status: 400, template: ERRORS.missingProjectId },
      )
    }
  } else {
    await run.check(
      {
        id: 'monitoring.project-key-with-header',
        title: 'GET /monitoring with a PROJECT key and its own X-Project-ID answers 200',
        basis: 'spec',
      },
      { path: 'monitoring', projectId: String(account.projectId) },
      { endpoint: 'monitoring', status: 200 },
    )
  }
  await run.check(
    { id: 'monitoring.forbidden', title: 'GET /monitoring with X-Project-ID of another project answers 403 forbidden', basis: 'spec' },
    { path: 'monitoring', projectId: String(account.foreignProjectId) },
    { endpoint: 'monitoring', status: 403, template: ERRORS.forbidden },
  )
  for (const probe of guardProbes(account, end)) {
    await run.check(
      probe.spec,
      { path: probe.path, ...(probe.projectId === undefined ? {} : { projectId: probe.projectId }) },
      { endpoint: 'monitoring', status: 400, template: probe.template },
    )
  }
}
