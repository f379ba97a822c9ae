import type pg from 'pg';
import type { ClientConfig } from 'pg';
import { RecallError } from '../../errors/recall-error';
import { toStorageError } from './connection-errors';

/** First half of every node's advisory-lock key, so it never meets an app's own keys. */
export const NODE_LOCK_SPACE = 0x52434c4e; // "RCLN"
const KEY_ATTEMPTS = 8;

/** Options for {@link NodeConnection}. */
export interface NodeConnectionOptions {
  /** `pg.Client`, from the lazily loaded `pg` (an optional peer). */
  Client: typeof pg.Client;
  clientConfig: ClientConfig;
  /** First delay before reconnecting; doubles per failure. */
  reconnectDelayMs: number;
  maxReconnectDelayMs: number;
  /** Whether a dropped connection must come back now (claims held, notices pending). */
  needed: () => boolean;
}

/**
 * This process's own dedicated PostgreSQL connection, opened on first use. It holds the
 * process's advisory lock — a random key taken on the first connection and kept for the
 * process's lifetime — so other processes can tell this one lives (see `ResponseClaims`), and
 * it carries the process's NOTIFYs (see `Notifier`), away from the pool's busy connections.
 */
export class NodeConnection {
  readonly #options: NodeConnectionOptions;
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #delayMs: number;
  #closed = false;
  #key: number | undefined;

  constructor(options: NodeConnectionOptions) {
    this.#options = options;
    this.#delayMs = options.reconnectDelayMs;
  }

  /** This process's lock key, once it has connected. */
  get key(): number | undefined {
    return this.#key;
  }

  /** The connection, with the node's lock held; connects unless connected. */
  connection(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(new RecallError('ABORTED', 'The storage is closed.'));
    if (this.#client !== undefined) return Promise.resolve(this.#client);
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  /** Reconnects in the background (used after a failure while work is pending). */
  reconnectSoon(): void {
    if (this.#closed || this.#retryTimer) return;
    const delay = this.#delayMs;
    this.#delayMs = Math.min(this.#delayMs * 2, this.#options.maxReconnectDelayMs);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.connection().catch(() => {
        if (this.#options.needed()) this.reconnectSoon();
      });
    }, delay);
    this.#retryTimer.unref?.();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    await this.#connecting?.catch(() => undefined);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<pg.Client> {
    const client = new this.#options.Client(this.#options.clientConfig);
    let dropped = false;
    const onDrop = () => {
      if (dropped) return;
      dropped = true;
      if (this.#client === client) this.#client = undefined;
      client.end().catch(() => undefined);
      if (this.#options.needed()) this.reconnectSoon();
    };
    client.on('error', onDrop);
    client.on('end', onDrop);
    try {
      await client.connect();
      await this.#lockKey(client);
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

  async #lockKey(client: pg.Client): Promise<void> {
    if (this.#key !== undefined) {
      // Rows already name this key: take it back, waiting for a dying old connection.
      await client.query('select pg_advisory_lock($1::int, $2::int)', [NODE_LOCK_SPACE, this.#key]);
      return;
    }
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt += 1) {
      const key = crypto.getRandomValues(new Int32Array(1))[0]!;
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1::int, $2::int) as locked',
        [NODE_LOCK_SPACE, key],
      );
      if (result.rows[0]?.locked === true) {
        this.#key = key;
        return;
      }
    }
    throw new RecallError('STORAGE_UNAVAILABLE', 'Could not take a node lock key.');
  }
}
