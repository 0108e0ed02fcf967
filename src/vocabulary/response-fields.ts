/**
 * One documented field of a success answer: its path (`data.projects[].domain`), and what kind of
 * value a leaf holds (`null`: an object, a list or a map, which a mutation can only drop).
 *
 * @example
 * const field: ResponseField = { path: 'data.total', leaf: 'number' }
 */
export interface ResponseField {
  readonly path: string
  readonly leaf: 'string' | 'number' | 'boolean' | null
}
