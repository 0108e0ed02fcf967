import { buildOverviewData } from '../../analytics/overview-data.js'
import { MESSAGES } from '../../vocabulary/endpoint-rules.js'
import { analyticsEndpoint } from './analytics-endpoint.js'

/**
 * `GET /overview`: current-day stats, brands by topic and provider, visibility and sentiment.
 *
 * @example
 * const answer = overviewEndpoint.answer(step)
 * JSON.parse(new TextDecoder().decode(answer.body)).message // 'Overview data retrieved successfully for 30 dates'
 */
export const overviewEndpoint = analyticsEndpoint('overview', MESSAGES.overview, buildOverviewData)
