/** Something that runs one parameterised statement: a connection, a pool or a transaction. */
export interface SqlQueryable {
  /**
   * Runs `text` with `$1…$n` bound to `params`; resolves to the result rows. `name` lets a
   * driver keep the statement prepared per connection (parsed and planned once); the same
   * name must always come with the same text. Drivers may ignore it.
   */
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    name?: string,
  ): Promise<Row[]>;
}

/**
 * The tiny seam between the shared SQL and a driver (PGlite or `pg`). Both speak PostgreSQL,
 * so one set of queries serves both; a driver only says how to run a statement and how to
 * run a function inside one transaction.
 */
export interface SqlExecutor extends SqlQueryable {
  /**
   * Runs `fn` inside BEGIN … COMMIT and resolves once the commit is durable; rolls back and
   * rejects with `fn`'s error when it throws.
   */
  transaction<T>(fn: (transaction: SqlQueryable) => Promise<T>): Promise<T>;
}

/** The SQLSTATE of a driver error, when it carries one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** SQLSTATE `unique_violation`. */
export const UNIQUE_VIOLATION = '23505';
/** SQLSTATE `duplicate_table`. */
export const DUPLICATE_TABLE = '42P07';
