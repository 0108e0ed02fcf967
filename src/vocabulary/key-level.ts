/**
 * A key's level: USER (every project of an account) or PROJECT (exactly one project).
 */
export type KeyLevel = 'USER' | 'PROJECT'
