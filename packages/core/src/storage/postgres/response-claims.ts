import type pg from 'pg';
import type { ClientConfig } from 'pg';
import { RecallError } from '../../errors/recall-error';
import type { SqlExecutor } from '../sql/sql-executor';
import { toStorageError } from './connection-errors';

/** First half of every advisory-lock key Recall takes, so it never meets an app's own keys. */
const LOCK_SPACE = 0x52434c4c; // "RCLL"

/** Options for {@link ResponseClaims}. */
export interface ResponseClaimsOptions {
  /** `pg.Client`, from the lazily loaded `pg` (an optional peer). */
  Client: typeof pg.Client;
  /** How to reach the server for the dedicated connection that holds the claims. */
  clientConfig: ClientConfig;
  /** Runs the liveness checks (any pooled connection). */
  executor: SqlExecutor;
  /** First delay before the claim connection reconnects; doubles per failure. */
  reconnectDelayMs: number;
  maxReconnectDelayMs: number;
}

/**
 * Which open responses have a live writer, across processes, with PostgreSQL advisory locks:
 * a writer holds a session-level lock per response it streams, on one dedicated connection
 * opened on first use. The lock goes when the writer releases it — or when its connection
 * ends, which is what a killed process's connection does. Another process finds the lock free
 * (`pg_try_advisory_xact_lock`, released with its own statement) and knows the writer is gone.
 * No table, nothing to clean up.
 *
 * If the claim connection drops while the process lives, it reconnects and takes its claims
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
  /** Claimed response ids → how many claims share the one lock. */
  readonly #held = new Map<string, number>();

  constructor(options: ResponseClaimsOptions) {
    this.#options = options;
    this.#delayMs = options.reconnectDelayMs;
  }

  /** Claims `responseId` for this process; resolves once the lock is held. */
  async claim(responseId: string): Promise<() => Promise<void>> {
    if (this.#closed) throw new RecallError('ABORTED', 'The storage is closed.');
    // One lock per response and connection, however many claims share it.
    const count = this.#held.get(responseId) ?? 0;
    if (count === 0) {
      const client = await this.#connection();
      await client
        .query('select pg_advisory_lock($1::int, hashtext($2))', [LOCK_SPACE, responseId])
        .catch((error: unknown) => {
          throw toStorageError(error);
        });
    }
    this.#held.set(responseId, (this.#held.get(responseId) ?? 0) + 1);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      const remaining = (this.#held.get(responseId) ?? 1) - 1;
      if (remaining > 0) {
        this.#held.set(responseId, remaining);
        return;
      }
      this.#held.delete(responseId);
      await this.#client
        ?.query('select pg_advisory_unlock($1::int, hashtext($2))', [LOCK_SPACE, responseId])
        .catch(() => undefined);
    };
  }

  /** Whether some live process (this one included) holds a claim on `responseId`. */
  async isLive(responseId: string): Promise<boolean> {
    const [row] = await this.#options.executor.query<{ free: boolean }>(
      'select pg_try_advisory_xact_lock($1::int, hashtext($2)) as free',
      [LOCK_SPACE, responseId],
    );
    return row?.free !== true;
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
    const client = new this.#options.Client(this.#options.clientConfig);
    let dropped = false;
    const onDrop = () => {
      if (dropped) return;
      dropped = true;
      if (this.#client === client) this.#client = undefined;
      client.end().catch(() => undefined);
      // Live turns must get their claims back soon.
      if (this.#held.size > 0) this.#scheduleReconnect();
    };
    client.on('error', onDrop);
    client.on('end', onDrop);
    try {
      await client.connect();
      for (const responseId of this.#held.keys()) {
        await client.query('select pg_advisory_lock($1::int, hashtext($2))', [
          LOCK_SPACE,
          responseId,
        ]);
      }
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

  #scheduleReconnect(): void {
    if (this.#closed || this.#retryTimer) return;
    const delay = this.#delayMs;
    this.#delayMs = Math.min(this.#delayMs * 2, this.#options.maxReconnectDelayMs);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#connection().catch(() => {
        if (this.#held.size > 0) this.#scheduleReconnect();
      });
    }, delay);
    this.#retryTimer.unref?.();
  }
}
