/**
 * The documented keys of the default data, stable forever: hard-code them in tests as you would a
 * payment sandbox's test cards.
 *
 * @example
 * fetch(`${url}projects`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })
 */
export const DOCUMENTED_KEYS = {
  /** USER level, user 1 (projects 101, 102, 103). */
  user: 'sbx_user_alpha',
  /** PROJECT level, project 101 of user 1. */
  project: 'sbx_project_101',
  /** USER level, user 2 (project 201). */
  otherUser: 'sbx_user_beta',
  /** USER level, user 3, who has no projects. */
  emptyUser: 'sbx_user_empty',
  /** USER level, user 1, expired in 2020: always 401. */
  expired: 'sbx_user_expired',
  /** USER level, user 1, revoked: always 401. */
  revoked: 'sbx_user_revoked',
} as const
