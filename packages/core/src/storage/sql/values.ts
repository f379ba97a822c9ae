/** A numeric column as a JS number (`pg` returns int8 as a string, PGlite as a number). */
export function toNumber(value: number | string | bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Like {@link toNumber}, mapping SQL NULL to `undefined`. */
export function toOptionalNumber(value: number | string | bigint | null): number | undefined {
  return value === null ? undefined : toNumber(value);
}

/** A nullable text column as an optional string. */
export function toOptionalString(value: string | null): string | undefined {
  return value === null ? undefined : value;
}

/** A json/jsonb column as a value (`pg` and PGlite parse it; other drivers may hand back text). */
export function parseJsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
