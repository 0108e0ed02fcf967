/**
 * A key's level: USER (every project of an account) or PROJECT (exactly one project).
 *
 * @example
 * const level: KeyLevel = entry.apiKey.level
 */
export type KeyLevel = 'USER' | 'PROJECT'
