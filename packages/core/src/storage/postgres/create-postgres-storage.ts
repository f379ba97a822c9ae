import type { ClientConfig, Pool } from 'pg';
import { importOptionalPeer } from '../../internal/optional-peer';
import type { StorageAdapter } from '../storage-adapter';
import { createSqlStorage } from '../sql/create-sql-storage';
import { parseNotifyPayload, readEvents } from '../sql/event-queries';
import { migrate } from '../sql/migrate';
import { SubscriptionHub } from '../sql/subscription-hub';
import { NotificationListener } from './notification-listener';
import { createPoolExecutor } from './pool-executor';
import { ResponseClaims } from './response-claims';

/** Options for {@link createPostgresStorage}. Give `connectionString`, `pool`, or both. */
export interface PostgresStorageOptions {
  /**
   * `postgres://user:password@host:port/database`. Used for the pool Recall creates (when no
   * `pool` is given) and for the two dedicated connections: LISTEN, and the one holding the
   * advisory locks that mark this process's open turns as live.
   */
  connectionString?: string;
  /**
   * A `pg` Pool to run queries on. The caller keeps ownership: `close()` does not end it.
   * Without `connectionString`, the LISTEN connection reuses the pool's connection options.
   */
  pool?: Pool;
  /** Size of the pool Recall creates. @default 10 */
  maxConnections?: number;
  /** The NOTIFY channel shared by every process on this database. @default 'recall_events' */
  channel?: string;
  /** First delay before the LISTEN connection reconnects; doubles per failure. @default 100 */
  reconnectDelayMs?: number;
  /** Longest delay between LISTEN reconnect attempts. @default 5000 */
  maxReconnectDelayMs?: number;
}

/**
 * Opens Recall's storage on a PostgreSQL server, for production and several nodes sharing one
 * database. Migrates the schema on open (safe when several nodes start at once). `subscribe`
 * delivers events appended by any process on the database: each append NOTIFYs
 * `seq:sessionId` on commit and subscribers re-read rows from their own last seq, so dropped
 * notifications or a reconnecting listener never lose an event.
 *
 * @example
 * const storage = await createPostgresStorage({ connectionString: process.env.DATABASE_URL });
 */
export async function createPostgresStorage(
  options: PostgresStorageOptions,
): Promise<StorageAdapter> {
  if (options.connectionString === undefined && options.pool === undefined) {
    throw new TypeError('createPostgresStorage needs a `connectionString` or a `pool`.');
  }
  const { default: pg } = await importOptionalPeer({
    packageName: 'pg',
    usedBy: 'createPostgresStorage',
    load: () => import('pg'),
  });
  const settings = {
    channel: 'recall_events',
    maxConnections: 10,
    reconnectDelayMs: 100,
    maxReconnectDelayMs: 5000,
    ...definedOnly(options),
  };
  const ownsPool = options.pool === undefined;
  const pool =
    options.pool ??
    new pg.Pool({ connectionString: settings.connectionString, max: settings.maxConnections });
  // An idle pooled connection that dies (server restart) must not crash the process; the
  // next query gets a fresh connection or a STORAGE_UNAVAILABLE error.
  const ignoreIdleError = () => {};
  pool.on('error', ignoreIdleError);
  const executor = createPoolExecutor(pool);
  const releasePool = async () => {
    if (ownsPool) await pool.end();
    else pool.off('error', ignoreIdleError);
  };
  try {
    await migrate(executor);
  } catch (error) {
    await releasePool();
    throw error;
  }

  const hub = new SubscriptionHub({
    read: (sessionId, afterSeq, limit) => readEvents(executor, sessionId, { afterSeq, limit }),
  });
  const listener = new NotificationListener({
    Client: pg.Client,
    clientConfig: listenerConfig(settings.connectionString, pool),
    channel: settings.channel,
    reconnectDelayMs: settings.reconnectDelayMs,
    maxReconnectDelayMs: settings.maxReconnectDelayMs,
    onListening: () => hub.wakeAll(),
    onNotification(payload) {
      const notice = parseNotifyPayload(payload);
      if (notice) hub.wake(notice.sessionId, notice.seq);
      else hub.wakeAll();
    },
  });
  const claims = new ResponseClaims({
    Client: pg.Client,
    clientConfig: listenerConfig(settings.connectionString, pool),
    executor,
    reconnectDelayMs: settings.reconnectDelayMs,
    maxReconnectDelayMs: settings.maxReconnectDelayMs,
  });
  const storage = createSqlStorage({
    executor,
    hub,
    notifyChannel: settings.channel,
    // Listening starts with the first subscription, so a process that never subscribes holds
    // no extra connection.
    onSubscribe: () => listener.start(),
    async close() {
      await Promise.all([listener.close(), claims.close()]);
      await releasePool();
    },
  });
  return Object.assign(storage, {
    scope: 'shared' as const,
    // A killed node's open turn is taken over at once, not after orphanedResponseMs.
    claimResponse: (responseId: string) => claims.claim(responseId),
    isResponseLive: (responseId: string) => claims.isLive(responseId),
  });
}

function listenerConfig(connectionString: string | undefined, pool: Pool): ClientConfig {
  if (connectionString !== undefined) return { connectionString };
  const { max: _max, idleTimeoutMillis: _idle, ...clientOptions } = pool.options;
  return clientOptions as ClientConfig;
}

function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
