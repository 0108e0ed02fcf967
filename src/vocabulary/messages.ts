/**
 * Success messages, as constants tests import. The `<n> dates` shapes are the spec's own.
 *
 * @example
 * MESSAGES.monitoring(30) // 'Monitoring data retrieved successfully for 30 dates'
 */
export const MESSAGES = {
  validate: 'API key is valid',
  projects: 'Projects retrieved successfully',
  monitoring: (dates: number) => `Monitoring data retrieved successfully for ${dates} dates`,
  overview: (dates: number) => `Overview data retrieved successfully for ${dates} dates`,
} as const
