import type { ApiKey, Project, User } from '../contract/fixtures-schema.js'
import type { MutedRecord } from './model-index.js'

/**
 * One change the portal makes to the records: a record stored (new or replaced) or removed.
 *
 * @example
 * model.apply({ kind: 'putKey', apiKey: { ...entry.apiKey, revoked: true } })
 */
export type ModelChange =
  | { readonly kind: 'putUser'; readonly user: User }
  | { readonly kind: 'putKey'; readonly apiKey: ApiKey }
  | { readonly kind: 'removeKey'; readonly key: string }
  | { readonly kind: 'putProject'; readonly project: Project }
  | { readonly kind: 'removeProject'; readonly id: number }

/**
 * The record a change concerns, as the collections' hooks name it.
 *
 * @example
 * recordOf({ kind: 'removeKey', key: 'sbx_user_alpha' }) // { key: 'sbx_user_alpha' }
 */
export function recordOf(change: ModelChange): MutedRecord {
  switch (change.kind) {
    case 'putUser':
      return { userId: change.user.id }
    case 'putKey':
      return { key: change.apiKey.key }
    case 'removeKey':
      return { key: change.key }
    case 'putProject':
      return { projectId: change.project.id }
    case 'removeProject':
      return { projectId: change.id }
  }
}

/**
 * A text naming a record, for sets of them.
 *
 * @example
 * recordName({ projectId: 101 }) // 'project:101'
 */
export function recordName(record: MutedRecord): string {
  if ('key' in record) return `key:${record.key}`
  if ('userId' in record) return `user:${record.userId}`
  return `project:${record.projectId}`
}
