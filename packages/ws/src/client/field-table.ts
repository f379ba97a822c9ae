/**
 * What a field must hold: `string`; `id` (a non-empty string); `count` (an integer ≥ 0);
 * `positive` (an integer ≥ 1); `number` (a finite number); `boolean`; `ids` (an array of
 * non-empty strings); or an object with fields of its own.
 */
export type FieldKind = 'string' | 'id' | 'count' | 'positive' | 'number' | 'boolean' | 'ids';

/** Field name → what it holds; a name ending in `?` is optional. */
export interface FieldTable {
  readonly [name: string]: FieldKind | FieldTable;
}
