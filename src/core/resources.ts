/**
 * The API's resources, as the `data` of each endpoint's success envelope.
 * Field order is the order the sandbox serialises them in.
 */

/**
 * `data` of `GET /validate`.
 *
 * @example
 * const { data } = (await response.json()) as Envelope<ApiKeyDetails>
 */
export interface ApiKeyDetails {
  valid: boolean
  key_level: 'USER' | 'PROJECT'
  user_id: number
  project_id: number | null
  expiry: string
}

/**
 * A project as the API shows it.
 *
 * @example
 * const names = projects.map((project: ProjectResource) => project.display_name)
 */
export interface ProjectResource {
  id: number
  name: string
  display_name: string
  domain: string
  region: string
  language: string
  status: string
  created_at: string
}

/**
 * `data` of `GET /projects`.
 *
 * @example
 * const { data } = (await response.json()) as Envelope<ProjectsData>
 */
export interface ProjectsData {
  projects: ProjectResource[]
  total: number
}

/**
 * `up`, `down` or `stable` (|change| < 2 %).
 *
 * @example
 * const trend: Trend = data.historical_comparison.trend
 */
export type Trend = 'up' | 'down' | 'stable'

/**
 * A period of the historical comparison: resolved dates and the mean daily visibility score.
 *
 * @example
 * const { start, end, visibility_score }: PeriodSummary = data.historical_comparison.previous_period
 */
export interface PeriodSummary {
  start: string
  end: string
  visibility_score: number
}

/**
 * `data` of `GET /monitoring`.
 *
 * @example
 * const { data } = (await response.json()) as Envelope<MonitoringData>
 * data.visibility_score.history.length // the <n> of the message
 */
export interface MonitoringData {
  brands_by_topics: Record<string, string[]>
  visibility_score: { current: number; history: Array<{ date: string; score: number }> }
  historical_comparison: {
    current_period: PeriodSummary
    previous_period: PeriodSummary
    trend: Trend
    change_percentage: number
  }
}

/**
 * `data` of `GET /overview`.
 *
 * @example
 * const { data } = (await response.json()) as Envelope<OverviewData>
 * data.sentiment_analysis.positive + data.sentiment_analysis.neutral + data.sentiment_analysis.negative // 1
 */
export interface OverviewData {
  current_day_stats: { visibility_score: number; citation_score: number; sentiment_score: number }
  brands_by_topics: Record<string, string[]>
  brands_by_providers: Record<string, string[]>
  visibility_score: { current: number; previous: number; trend: Trend }
  sentiment_analysis: { positive: number; neutral: number; negative: number }
}
