import { buildMonitoringData } from '../../analytics/monitoring-data.js'
import { stringifyMonitoring } from '../../analytics/stringify-monitoring.js'
import { MESSAGES } from '../../vocabulary/endpoint-rules.js'
import { analyticsEndpoint } from './analytics-endpoint.js'

/**
 * `GET /monitoring`: brands by topic, visibility history and the period comparison.
 *
 * @example
 * const answer = monitoringEndpoint.answer(step)
 * JSON.parse(new TextDecoder().decode(answer.body)).message // 'Monitoring data retrieved successfully for 30 dates'
 */
export const monitoringEndpoint = analyticsEndpoint('monitoring', MESSAGES.monitoring, buildMonitoringData, stringifyMonitoring)
