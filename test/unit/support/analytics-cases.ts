import { computeCellDay, createCell, type CellDay } from '../../../src/analytics/cell-metrics.js'
import { formatCalendarDate, type DayNumber } from '../../../src/vocabulary/calendar-date.js'
import type { Provider } from '../../../src/vocabulary/providers.js'
import type { AnalyticsQuery } from '../../../src/vocabulary/analytics-query.js'
import type { ProjectEntry } from '../../../src/model/model-index.js'
import { TODAY, day, query } from './default-model.js'

/** A query over a default project that has data on `dates` days. */
export interface DataCase {
  readonly name: string
  readonly projectId: number
  readonly query: AnalyticsQuery
  readonly dates: number
}

/** Ranges with data, chosen for their boundaries: creation, today, months, years, the leap day. */
export const DATA_CASES: readonly DataCase[] = [
  { name: 'the default 30 days ending today', projectId: 101, query: query(TODAY - 29, TODAY), dates: 30 },
  { name: 'a month boundary (2024-04-28..2024-05-03)', projectId: 101, query: query('2024-04-28', '2024-05-03'), dates: 6 },
  { name: 'a year boundary (2023-12-25..2024-01-05)', projectId: 101, query: query('2023-12-25', '2024-01-05'), dates: 12 },
  { name: 'the leap day (2024-02-20..2024-03-05)', projectId: 101, query: query('2024-02-20', '2024-03-05'), dates: 15 },
  { name: 'March 2024, whose previous period ends on the leap day', projectId: 102, query: query('2024-03-01', '2024-03-31'), dates: 31 },
  { name: 'the whole leap year 2024 (366 days)', projectId: 103, query: query('2024-01-01', '2024-12-31'), dates: 366 },
  { name: 'a range that starts before the project’s creation', projectId: 101, query: query('2023-03-01', '2023-03-31'), dates: 18 },
  { name: 'a range over project 201’s creation day', projectId: 201, query: query('2024-01-01', '2024-01-31'), dates: 22 },
  { name: 'a range that ends after today', projectId: 101, query: query('2025-06-01', '2025-06-30'), dates: 15 },
  { name: 'the single day 2024-02-29', projectId: 101, query: query('2024-02-29', '2024-02-29'), dates: 1 },
  { name: 'the creation day alone', projectId: 101, query: query('2023-03-14', '2023-03-14'), dates: 1 },
  { name: 'one provider (chatgpt)', projectId: 101, query: query(TODAY - 29, TODAY, 'chatgpt'), dates: 30 },
  {
    name: 'one data region that is not the project’s own (CA)',
    projectId: 101,
    query: query('2024-02-20', '2024-03-05', undefined, 'CA'),
    dates: 15,
  },
  { name: 'one provider in one region', projectId: 102, query: query('2024-06-01', '2024-06-30', 'copilot', 'IE'), dates: 30 },
]

/** A query over a default project that has no data at all. */
export interface EmptyCase {
  readonly name: string
  readonly projectId: number
  readonly query: AnalyticsQuery
  /** Whether the period just before the range has no data either. */
  readonly previousEmpty: boolean
}

export const EMPTY_CASES: readonly EmptyCase[] = [
  { name: 'a range before the project’s creation', projectId: 101, query: query('2022-01-01', '2022-01-30'), previousEmpty: true },
  { name: 'a range ending the day before creation', projectId: 201, query: query('2023-12-01', '2024-01-09'), previousEmpty: true },
  { name: 'a range after today', projectId: 101, query: query(TODAY + 10, TODAY + 20), previousEmpty: false },
  { name: 'a range starting the day after today', projectId: 101, query: query(TODAY + 1, TODAY + 30), previousEmpty: false },
  {
    name: 'a known region without data (FR for project 101)',
    projectId: 101,
    query: query(TODAY - 29, TODAY, undefined, 'FR'),
    previousEmpty: true,
  },
  {
    name: 'a provider the project does not track (grok for project 101)',
    projectId: 101,
    query: query(TODAY - 29, TODAY, 'grok'),
    previousEmpty: true,
  },
]

/** The per-day values of every cell that matches the query's filter, computed without the series code. */
export function cellDaysOn(
  entry: ProjectEntry,
  seed: number,
  filter: { provider: Provider | undefined; region: string | undefined },
  dayNumber: DayNumber,
): CellDay[] {
  const providers = entry.project.providers.filter((id) => filter.provider === undefined || id === filter.provider)
  const regions = entry.project.data_regions.filter((code) => filter.region === undefined || code === filter.region)
  return providers.flatMap((provider) =>
    regions.map((region) => computeCellDay(createCell(seed, entry.project.id, provider, region), dayNumber)),
  )
}

/** The mean of numbers; 0 for none. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length
}

/** The days of `query` that have data for `entry` on `today`, as `YYYY-MM-DD`. */
export function expectedDates(entry: ProjectEntry, analyticsQuery: AnalyticsQuery, today: DayNumber = TODAY): string[] {
  const dates: string[] = []
  for (let dayNumber = Math.max(analyticsQuery.start, entry.createdDay); dayNumber <= Math.min(analyticsQuery.end, today); dayNumber++) {
    dates.push(formatCalendarDate(dayNumber))
  }
  return dates
}

export { day }
