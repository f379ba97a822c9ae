import type { Pool } from 'pg';
import type { SqlExecutor, SqlQueryable } from '../sql/sql-executor';
import { isConnectionError, toStorageError } from './connection-errors';

/**
 * Runs the shared SQL on a `pg` pool: statements on any pooled connection, transactions on one
 * checked-out connection. A committed transaction is durable (fsync stays the server's call).
 */
export function createPoolExecutor(pool: Pool): SqlExecutor {
  return {
    async query<Row>(text: string, params: readonly unknown[] = [], name?: string) {
      try {
        const result = await pool.query({
          text,
          values: [...params],
          ...(name === undefined ? {} : { name }),
        });
        return result.rows as Row[];
      } catch (error) {
        throw toStorageError(error);
      }
    },
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => {
        throw toStorageError(error);
      });
      let broken = false;
      // A checked-out connection that dies between statements emits 'error' on the client;
      // without a listener that would crash the process. The next statement fails instead.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const queryable: SqlQueryable = {
          async query<Row>(text: string, params: readonly unknown[] = []) {
            const result = await client.query(text, [...params]);
            return result.rows as Row[];
          },
        };
        const result = await fn(queryable);
        await client.query('commit');
        return result;
      } catch (error) {
        broken ||= isConnectionError(error);
        if (!broken) await client.query('rollback').catch(() => undefined);
        throw toStorageError(error);
      } finally {
        client.off('error', onError);
        // A broken connection is destroyed instead of going back to the pool.
        client.release(broken);
      }
    },
  };
}
