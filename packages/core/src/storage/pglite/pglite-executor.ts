import type { PGlite } from '@electric-sql/pglite';
import type { SqlExecutor, SqlQueryable } from '../sql/sql-executor';

/**
 * Runs the shared SQL on a PGlite instance. Top-level queries already sync to the filesystem;
 * `transaction()` does not after COMMIT (electric-sql/pglite#1065), so each transaction is
 * followed by an explicit `syncToFs()` before it counts as acknowledged.
 */
export function createPGliteExecutor(database: PGlite): SqlExecutor {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await database.query<Row>(text, [...params]);
      return result.rows;
    },
    async transaction(fn) {
      const result = await database.transaction((transaction) => {
        const queryable: SqlQueryable = {
          async query<Row>(text: string, params: readonly unknown[] = []) {
            const rows = await transaction.query<Row>(text, [...params]);
            return rows.rows;
          },
        };
        return fn(queryable);
      });
      await database.syncToFs();
      return result;
    },
  };
}
