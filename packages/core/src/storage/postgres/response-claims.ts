import pg from 'pg';
import type { ClientConfig } from 'pg';
import type { SessionEvent } from '../../events/envelope';
import { RecallError } from '../../errors/recall-error';
import type { SqlExecutor } from '../sql/sql-executor';
import type { ResponseLivenessOptions } from '../storage-adapter';
import { toStorageError } from './connection-errors';

/** First half of the per-response advisory-lock keys of earlier versions (still honoured). */
const RESPONSE_LOCK_SPACE = 0x52434c4c; // "RCLL"
/** First half of every node's advisory-lock key, so it never meets an app's own keys. */
const NODE_LOCK_SPACE = 0x52434c4e; // "RCLN"
const KEY_ATTEMPTS = 8;

/** Options for {@link ResponseClaims}. */
export interface ResponseClaimsOptions {
  /** How to reach the server for the dedicated connection that holds the node's lock. */
  clientConfig: ClientConfig;
  /** Runs the liveness checks (any pooled connection). */
  executor: SqlExecutor;
  /** First delay before the lock connection reconnects; doubles per failure. */
  reconnectDelayMs: number;
  maxReconnectDelayMs: number;
}

interface Claim {
  count: number;
  /** Where this process stored the response's start (its writer column holds our key). */
  start: { sessionId: string; seq: number } | undefined;
  /** This process stored the response's end: nothing is left to release. */
  ended: boolean;
}

/**
 * Which open responses have a live writer, across processes, with one PostgreSQL advisory
 * lock per process: on first use the process takes a random key and holds its lock on a
 * dedicated connection, and the append that stores a claimed response's
 * `assistant_streaming_start` records that key in the row's `writer` column — in the same
 * statement, so claiming costs no round trip per turn. The lock goes when the connection
 * ends, which is what a killed process's connection does: another process then finds it free
 * (`pg_try_advisory_xact_lock`, released with its own statement) and knows the writer is gone.
 * A claim released before its response ended (the turn could not store the end) clears the
 * column, so the response is taken over at once. Nothing to clean up.
 *
 * If the lock connection drops while the process lives, it reconnects and takes its key
 * again; in between, other nodes may take over this node's open turns (as they would after
 * `orphanedResponseMs`).
 */
export class ResponseClaims {
  readonly #options: ResponseClaimsOptions;
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #delayMs: number;
  #closed = false;
  /** This process's key, chosen on the first connection and kept for its lifetime. */
  #nodeKey: number | undefined;
  readonly #claims = new Map<string, Claim>();

  constructor(options: ResponseClaimsOptions) {
    this.#options = options;
    this.#delayMs = options.reconnectDelayMs;
  }

  /** Claims `responseId` for this process; resolves once the node's lock is held. */
  async claim(responseId: string): Promise<() => Promise<void>> {
    if (this.#closed) throw new RecallError('ABORTED', 'The storage is closed.');
    await this.#connection();
    const claim = this.#claims.get(responseId) ?? { count: 0, start: undefined, ended: false };
    claim.count += 1;
    this.#claims.set(responseId, claim);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      claim.count -= 1;
      if (claim.count > 0) return;
      this.#claims.delete(responseId);
      if (claim.ended || claim.start === undefined) return;
      await this.#options.executor
        .query('update recall_events set writer = null where session_id = $1 and seq = $2', [
          claim.start.sessionId,
          claim.start.seq,
        ])
        .catch(() => undefined);
    };
  }

  /** The key to store as the writer of `responseId`, when this process claimed it. */
  writerOf(responseId: string): number | undefined {
    return this.#claims.has(responseId) ? this.#nodeKey : undefined;
  }

  /** Notes where claimed responses start and which ones this process ended. */
  appended(events: readonly SessionEvent[]): void {
    for (const event of events) {
      const claim = event.responseId === undefined ? undefined : this.#claims.get(event.responseId);
      if (claim === undefined) continue;
      if (event.type === 'assistant_streaming_start') {
        claim.start = { sessionId: event.sessionId, seq: event.seq };
      } else if (event.type === 'assistant_streaming_end') {
        claim.ended = true;
      }
    }
  }

  /**
   * Whether some live process (this one included) streams `responseId`: its start names a
   * writer whose lock is held — or, for a response started by an earlier version, its own
   * lock is. Without `options` the start is looked up by response id (a scan).
   */
  async isLive(responseId: string, options?: ResponseLivenessOptions): Promise<boolean> {
    const where =
      options === undefined
        ? `response_id = $2 and type = 'assistant_streaming_start'`
        : 'session_id = $4 and seq = $5 and response_id = $2';
    const [row] = await this.#options.executor.query<{ live: boolean }>(
      `select coalesce(
         (select not pg_try_advisory_xact_lock($1::int, writer) from recall_events
           where ${where} and writer is not null limit 1),
         not pg_try_advisory_xact_lock($3::int, hashtext($2))) as live`,
      [
        NODE_LOCK_SPACE,
        responseId,
        RESPONSE_LOCK_SPACE,
        ...(options === undefined ? [] : [options.sessionId, options.seq]),
      ],
    );
    return row?.live === true;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    await this.#connecting?.catch(() => undefined);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #connection(): Promise<pg.Client> {
    if (this.#client !== undefined) return Promise.resolve(this.#client);
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.#options.clientConfig);
    let dropped = false;
    const onDrop = () => {
      if (dropped) return;
      dropped = true;
      if (this.#client === client) this.#client = undefined;
      client.end().catch(() => undefined);
      // Live turns must get their lock back soon.
      if (this.#claims.size > 0) this.#scheduleReconnect();
    };
    client.on('error', onDrop);
    client.on('end', onDrop);
    try {
      await client.connect();
      await this.#lockNodeKey(client);
    } catch (error) {
      onDrop();
      throw toStorageError(error);
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      throw new RecallError('ABORTED', 'The storage is closed.');
    }
    this.#client = client;
    this.#delayMs = this.#options.reconnectDelayMs;
    return client;
  }

  async #lockNodeKey(client: pg.Client): Promise<void> {
    if (this.#nodeKey !== undefined) {
      // Rows already name this key: take it back, waiting for a dying old connection.
      await client.query('select pg_advisory_lock($1::int, $2::int)', [
        NODE_LOCK_SPACE,
        this.#nodeKey,
      ]);
      return;
    }
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt += 1) {
      const key = randomInt32();
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1::int, $2::int) as locked',
        [NODE_LOCK_SPACE, key],
      );
      if (result.rows[0]?.locked === true) {
        this.#nodeKey = key;
        return;
      }
    }
    throw new RecallError('STORAGE_UNAVAILABLE', 'Could not take a node lock key.');
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#retryTimer) return;
    const delay = this.#delayMs;
    this.#delayMs = Math.min(this.#delayMs * 2, this.#options.maxReconnectDelayMs);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#connection().catch(() => {
        if (this.#claims.size > 0) this.#scheduleReconnect();
      });
    }, delay);
    this.#retryTimer.unref?.();
  }
}

function randomInt32(): number {
  return crypto.getRandomValues(new Int32Array(1))[0]!;
}
