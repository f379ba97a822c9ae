import type { SqlExecutor } from '../sql/sql-executor';
import { NODE_LOCK_SPACE, type NodeConnection } from './node-connection';

/** Options for {@link Notifier}. */
export interface NotifierOptions {
  node: NodeConnection;
  channel: string;
  /** Notices wait at most this long to leave together. @default 20 */
  coalesceMs?: number;
}

/**
 * Sends notices (NOTIFY) of appends that committed while others were in flight, many per
 * statement, on the node's own connection. NOTIFY inside a writing transaction holds
 * PostgreSQL's database-wide notify lock through that transaction's commit flush, so under
 * load appends that all NOTIFY would commit one after another; announced apart, they commit
 * together and a notice costs a fraction of a statement. Per session only the latest notice
 * is kept (a notice only says "look again"). A notice that cannot be sent is kept and sent
 * again once the connection is back.
 */
export class Notifier {
  readonly #options: NotifierOptions;
  readonly #coalesceMs: number;
  /** Notice key (a session, a recall set) → payload. */
  readonly #pending = new Map<string, string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sending: Promise<void> | undefined;
  #closed = false;

  constructor(options: NotifierOptions) {
    this.#options = options;
    this.#coalesceMs = options.coalesceMs ?? 20;
  }

  /** Whether notices wait to be sent (the connection must then come back after a drop). */
  get pending(): boolean {
    return this.#pending.size > 0;
  }

  /** Queues a notice; a later one with the same `key` replaces it. */
  notify(key: string, payload: string): void {
    if (this.#closed) return;
    this.#pending.delete(key);
    this.#pending.set(key, payload);
    this.#schedule(this.#coalesceMs);
  }

  /** Sends what is pending, then stops. */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#sending;
    if (this.#pending.size > 0) await this.#send().catch(() => undefined);
    this.#closed = true;
  }

  #schedule(delayMs: number): void {
    if (this.#timer !== undefined || this.#sending !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#sending = this.#send()
        .catch(() => {
          // Kept; the node connection reconnects, and the next attempt sends them.
          this.#options.node.reconnectSoon();
        })
        .finally(() => {
          this.#sending = undefined;
          if (this.#pending.size > 0 && !this.#closed) this.#schedule(this.#coalesceMs);
        });
    }, delayMs);
    this.#timer.unref?.();
  }

  async #send(): Promise<void> {
    const payloads = [...this.#pending.entries()];
    this.#pending.clear();
    try {
      const client = await this.#options.node.connection();
      await client.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        this.#options.channel,
        payloads.map(([, payload]) => payload),
      ]);
    } catch (error) {
      // Put back what newer notices have not replaced.
      for (const [key, payload] of payloads) {
        if (!this.#pending.has(key)) this.#pending.set(key, payload);
      }
      throw error;
    }
  }
}

/**
 * Calls `onPeerGone` whenever a process that held a node lock has let go of it (it died, or
 * lost its connection): its last notices may never have been sent, so subscribers must look
 * again. One statement per `intervalMs`, only while `active()` says someone listens.
 */
export function watchPeers(options: {
  executor: SqlExecutor;
  intervalMs: number;
  active: () => boolean;
  onPeerGone: () => void;
}): () => void {
  let known = new Set<string>();
  let running = false;
  const timer = setInterval(() => {
    if (running || !options.active()) return;
    running = true;
    options.executor
      .query<{ keys: string[] | null }>(
        `select array_agg(objid::text) as keys from pg_locks
         where locktype = 'advisory' and classid = $1::oid and objsubid = 2 and granted`,
        [String(NODE_LOCK_SPACE)],
      )
      .then(([row]) => {
        const live = new Set(row?.keys ?? []);
        if ([...known].some((key) => !live.has(key))) options.onPeerGone();
        known = live;
      })
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
