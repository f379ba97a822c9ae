import { RecallError } from '../../errors/recall-error';
import type { NewSessionEvent, SessionEvent } from '../../events/envelope';
import { planAppend } from '../log/append-plan';
import type { AppendResult } from '../storage-adapter';
import { type BatchAppendEntry, buildBatchAppendStatement } from './batch-append-statement';
import {
  type AppendEventsOptions,
  type ClassifyRow,
  appendEvents,
  verdictOf,
  writersOf,
} from './event-queries';
import type { SqlQueryable } from './sql-executor';
import { toNumber } from './values';

/** Options for {@link GroupCommit}. */
export interface GroupCommitOptions {
  executor: SqlQueryable;
  /**
   * Append statements in flight at once. An append that finds fewer waits for nothing; the
   * appends that queue meanwhile leave together in the next free statement.
   */
  maxStatements: number;
  /** Sessions at most in one statement. @default 100 */
  maxSessions?: number;
  /** A channel to NOTIFY in an append's own statement when it is the only one in flight. */
  notifyChannel?: string;
}

/** One session's append, as the adapter was asked for it. */
export interface AppendRequest {
  sessionId: string;
  events: readonly NewSessionEvent[];
  options: Omit<AppendEventsOptions, 'notifyChannel'>;
}

/** How an append ended, and whether its statement already sent its notice. */
export interface CommittedAppend {
  result: AppendResult;
  notified: boolean;
}

interface Queued extends AppendRequest {
  resolve: (committed: CommittedAppend) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit across sessions. While fewer than `maxStatements` appends are in flight, an
 * append is its own statement at once (no timer: a quiet node waits for nothing). Appends that
 * arrive while every statement is busy queue, and the next free statement takes them together
 * — at most one batch per session, the others in their order for a later statement — so one
 * commit (one WAL flush, one driver write) serves many sessions. Each session keeps its own
 * `expectedSeq` check, duplicate detection and ack after the commit: one session's conflict
 * fails only its own append, and a statement that fails as a whole (a race on one head, a
 * value PostgreSQL refuses) is retried session by session.
 */
export class GroupCommit {
  readonly #options: GroupCommitOptions;
  readonly #maxSessions: number;
  readonly #queue: Queued[] = [];
  #inFlight = 0;
  /** Sessions with an append in flight. */
  readonly #writing = new Set<string>();

  constructor(options: GroupCommitOptions) {
    this.#options = options;
    this.#maxSessions = options.maxSessions ?? 100;
  }

  /** Appends one session's batch; resolves once it is committed (or known duplicate). */
  append(request: AppendRequest): Promise<CommittedAppend> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ ...request, resolve, reject });
      this.#drain();
    });
  }

  #drain(): void {
    while (this.#inFlight < this.#options.maxStatements && this.#queue.length > 0) {
      const batch = this.#take();
      // Every queued session has an append in flight: they wait for it.
      if (batch.length === 0) return;
      this.#inFlight += 1;
      for (const item of batch) this.#writing.add(item.sessionId);
      const alone = this.#inFlight === 1 && this.#queue.length === 0;
      void this.#flush(batch, alone).finally(() => {
        this.#inFlight -= 1;
        for (const item of batch) this.#writing.delete(item.sessionId);
        this.#drain();
      });
    }
  }

  /**
   * The queue's oldest appends of distinct sessions with nothing in flight; one that cannot
   * be grouped goes alone.
   */
  #take(): Queued[] {
    const taken: Queued[] = [];
    // A session's append waits for its earlier one, in flight or queued: its order holds.
    const sessions = new Set<string>(this.#writing);
    const rest: Queued[] = [];
    for (const item of this.#queue) {
      const fits =
        taken.length < this.#maxSessions &&
        !sessions.has(item.sessionId) &&
        (taken.length === 0 || (groupable(item) && groupable(taken[0]!)));
      if (fits) taken.push(item);
      else rest.push(item);
      // A session skipped once keeps its later appends behind its earlier one.
      sessions.add(item.sessionId);
    }
    this.#queue.splice(0, this.#queue.length, ...rest);
    return taken;
  }

  async #flush(batch: Queued[], alone: boolean): Promise<void> {
    if (batch.length === 1) {
      const [item] = batch as [Queued];
      const notify = alone && this.#options.notifyChannel !== undefined;
      await this.#appendAlone(item, notify);
      return;
    }
    const entries: Array<BatchAppendEntry & { events: SessionEvent[] }> = [];
    const members: Queued[] = [];
    for (const item of batch) {
      let stored: SessionEvent[];
      try {
        ({ events: stored } = planAppend({
          sessionId: item.sessionId,
          events: item.events,
          expectedSeq: item.options.expectedSeq,
        }));
      } catch (error) {
        item.reject(error);
        continue;
      }
      entries.push({
        sessionId: item.sessionId,
        expectedSeq: item.options.expectedSeq,
        events: stored,
        writers: writersOf(stored, item.options.writerOf),
      });
      members.push(item);
    }
    if (members.length === 0) return;
    const statement = buildBatchAppendStatement(entries);
    let rows: BatchRow[];
    try {
      rows = await this.#options.executor.query<BatchRow>(
        statement.text,
        statement.params,
        statement.name,
      );
    } catch (error) {
      if (RecallError.isInstance(error) && error.code === 'STORAGE_UNAVAILABLE') {
        for (const item of members) item.reject(error);
        return;
      }
      // One session's race or value failed the statement: nothing of it was written.
      await Promise.all(members.map((item) => this.#appendAlone(item, false)));
      return;
    }
    await Promise.all(
      members.map(async (item, index) => {
        const entry = entries[index]!;
        const row = rows.find((candidate) => toNumber(candidate.entry) === index);
        try {
          if (row !== undefined && toNumber(row.inserted) === entry.events.length) {
            item.resolve({ result: { status: 'appended', events: entry.events }, notified: false });
            return;
          }
          const verdict =
            row === undefined
              ? undefined
              : await verdictOf(this.#options.executor, {
                  sessionId: item.sessionId,
                  events: item.events,
                  expectedSeq: item.options.expectedSeq,
                  row,
                });
          if (verdict !== undefined) item.resolve({ result: verdict, notified: false });
          else await this.#appendAlone(item, false);
        } catch (error) {
          item.reject(error);
        }
      }),
    );
  }

  async #appendAlone(item: Queued, notify: boolean): Promise<void> {
    try {
      const result = await appendEvents(this.#options.executor, item.sessionId, item.events, {
        ...item.options,
        ...(notify ? { notifyChannel: this.#options.notifyChannel } : {}),
      });
      item.resolve({ result, notified: notify });
    } catch (error) {
      item.reject(error);
    }
  }
}

interface BatchRow extends ClassifyRow {
  entry: number | string;
  inserted: number | string;
}

/** Whether an append can share a statement: events only (reviews and rows go alone). */
function groupable(item: AppendRequest): boolean {
  return (
    item.events.length > 0 &&
    (item.options.reviews === undefined || item.options.reviews.length === 0) &&
    item.options.session === undefined
  );
}
