import type { ClientConfig, Pool } from 'pg';
import { importOptionalPeer } from '../../internal/optional-peer';
import type { ResponseLivenessOptions, StorageAdapter } from '../storage-adapter';
import { createSqlStorage } from '../sql/create-sql-storage';
import { FeedTrust } from '../sql/feed-trust';
import { migrate } from '../sql/migrate';
import { eventsNotice } from '../sql/notices';
import { NodeConnection } from './node-connection';
import { NotificationListener } from './notification-listener';
import { Notifier, watchPeers } from './notifier';
import { createPoolExecutor } from './pool-executor';
import { ResponseClaims } from './response-claims';

/** How often a subscribed process checks that no other process died with notices unsent. */
const PEER_CHECK_MS = 5_000;

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
  /**
   * Append statements this process runs at once. Appends of other sessions that arrive while
   * all are busy wait for the next one and are committed together in one statement (group
   * commit: one WAL flush and one round trip for many sessions), each with its own conflict
   * check. A quiet process never waits. Keep it below `maxConnections`. @default 2
   */
  maxAppendStatements?: number;
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
 * delivers events appended by any process on the database: this process's own appends
 * straight from the append; other processes' through NOTIFY (`seq:sessionId`, sent after
 * the commit, many per statement) after which subscribers re-read rows from their own last
 * seq, so dropped notifications, a reconnecting listener or a process that died before its
 * notice never lose an event. While listening, recall sets are cached (a save
 * on any node drops them) and known log heads spare the engine its catch-up reads.
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
  const { maxAppendStatements } = options;
  if (
    maxAppendStatements !== undefined &&
    (!Number.isInteger(maxAppendStatements) || maxAppendStatements < 1)
  ) {
    throw new TypeError('createPostgresStorage: `maxAppendStatements` must be an integer ≥ 1.');
  }
  const { default: pg } = await importOptionalPeer({
    packageName: 'pg',
    usedBy: 'createPostgresStorage',
    load: () => import('pg'),
  });
  const settings = {
    channel: 'recall_events',
    maxConnections: 10,
    maxAppendStatements: 2,
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

  const trust = new FeedTrust(false);
  let claims: ResponseClaims | undefined;
  let notifier: Notifier | undefined;
  const node = new NodeConnection({
    Client: pg.Client,
    clientConfig: listenerConfig(settings.connectionString, pool),
    reconnectDelayMs: settings.reconnectDelayMs,
    maxReconnectDelayMs: settings.maxReconnectDelayMs,
    needed: () => claims?.holding === true || notifier?.pending === true,
  });
  claims = new ResponseClaims({ node, executor });
  notifier = new Notifier({ node, channel: settings.channel });
  let listener: NotificationListener | undefined;
  let stopWatchingPeers: (() => void) | undefined;
  let subscribed = false;
  const sql = createSqlStorage({
    executor,
    trust,
    notifyChannel: settings.channel,
    maxAppendStatements: settings.maxAppendStatements,
    writers: claims,
    announceLater: (sessionId, seq) => notifier?.notify(sessionId, eventsNotice(sessionId, seq)),
    // Listening starts with the first subscription, so a process that never subscribes holds
    // no extra connection (and serves no head or recall set from memory).
    onSubscribe: () => {
      listener?.start();
      subscribed = true;
    },
    async close() {
      stopWatchingPeers?.();
      claims?.close();
      await notifier?.close();
      await Promise.all([listener?.close(), node.close()]);
      await releasePool();
    },
  });
  listener = new NotificationListener({
    Client: pg.Client,
    clientConfig: listenerConfig(settings.connectionString, pool),
    channel: settings.channel,
    reconnectDelayMs: settings.reconnectDelayMs,
    maxReconnectDelayMs: settings.maxReconnectDelayMs,
    onListening: () => {
      trust.trust();
      sql.wakeAll();
    },
    onLost: () => trust.distrust(),
    onNotification: (payload) => sql.receive(payload),
  });
  // A process that died between an append and its notice never sent it: look again then.
  stopWatchingPeers = watchPeers({
    executor,
    intervalMs: PEER_CHECK_MS,
    active: () => subscribed,
    onPeerGone: () => sql.wakeAll(),
  });
  return Object.assign(sql.adapter, {
    scope: 'shared' as const,
    // A killed node's open turn is taken over at once, not after orphanedResponseMs.
    claimResponse: (responseId: string) => claims.claim(responseId),
    isResponseLive: (responseId: string, options?: ResponseLivenessOptions) =>
      claims.isLive(responseId, options),
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
