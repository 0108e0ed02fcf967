import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'

/** "Today" of every contract test: the default range crosses the end of a 28-day February. */
export const TODAY = '2026-03-01'

/** Request headers with a documented key, and optionally X-Project-ID. */
export function withKey(key: string, projectId?: string): Record<string, string> {
  return projectId === undefined ? { 'X-API-Key': key } : { 'X-API-Key': key, 'X-Project-ID': projectId }
}

export const USER = withKey(DOCUMENTED_KEYS.user)
export const PROJECT_KEY = withKey(DOCUMENTED_KEYS.project)
export const USER_101 = withKey(DOCUMENTED_KEYS.user, '101')

/** Shape checks shared by every test: the envelope, to the letter. */
export const ENVELOPE_FIELDS = ['success', 'message', 'code', 'data', 'errors', 'meta_data']

/** Values X-Project-ID may not take: none is a positive integer. */
export const INVALID_PROJECT_IDS = [
  '0',
  '-1',
  '1e2',
  '0x65',
  'abc',
  '101,102',
  '1234567890123456789012345',
  '10.5',
  '+101',
  '0101',
  '9007199254740992',
  '\u00a0101',
]
