import type { SessionEvent } from '../../events/envelope';
import { RecallError } from '../../errors/recall-error';
import type { SqlExecutor } from '../sql/sql-executor';
import type { ResponseLivenessOptions } from '../storage-adapter';
import { NODE_LOCK_SPACE, type NodeConnection } from './node-connection';

/** First half of the per-response advisory-lock keys of earlier versions (still honoured). */
const RESPONSE_LOCK_SPACE = 0x52434c4c; // "RCLL"

/** Options for {@link ResponseClaims}. */
export interface ResponseClaimsOptions {
  /** The connection holding this process's lock. */
  node: NodeConnection;
  /** Runs the liveness checks (any pooled connection). */
  executor: SqlExecutor;
}

interface Claim {
  count: number;
  /** Where this process stored the response's start (its writer column holds our key). */
  start: { sessionId: string; seq: number } | undefined;
  /** This process stored the response's end: nothing is left to release. */
  ended: boolean;
}

/**
 * Which open responses have a live writer, across processes: the append that stores a
 * claimed response's `assistant_streaming_start` records this process's lock key in the row's
 * `writer` column — in the same statement, so claiming costs no round trip per turn — and the
 * lock lives as long as the process's {@link NodeConnection}. A killed process's connection
 * ends and its lock with it: another process then finds the lock free
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
  #closed = false;
  readonly #claims = new Map<string, Claim>();

  constructor(options: ResponseClaimsOptions) {
    this.#options = options;
  }

  /** Whether any claim is held (the lock connection must then come back after a drop). */
  get holding(): boolean {
    return this.#claims.size > 0;
  }

  /** Claims `responseId` for this process; resolves once the node's lock is held. */
  async claim(responseId: string): Promise<() => Promise<void>> {
    if (this.#closed) throw new RecallError('ABORTED', 'The storage is closed.');
    await this.#options.node.connection();
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
    return this.#claims.has(responseId) ? this.#options.node.key : undefined;
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

  close(): void {
    this.#closed = true;
  }
}
