import { ConcurrencyError, RecallError } from '../../errors/recall-error';
import type { SessionEvent } from '../../events/envelope';
import type { StorageAdapter } from '../storage-adapter';
import { lastSeq, readEvents } from './event-queries';
import { type FeedTrust, KnownHeads, RecallSetCache } from './feed-trust';
import {
  getDuePoints,
  getReviewLogs,
  getSchedules,
  listRecallSets,
  recordReview,
} from './learner-queries';
import { parseNotice, recallSetNotice } from './notices';
import { getRecallSet, saveRecallSet } from './recall-set-queries';
import { findActiveSession, getSession, listSessions, saveSession } from './session-queries';
import { createSqlSpendLedger } from './spend-queries';
import { toStorableValue } from '../../text/storable-text';
import type { SqlExecutor } from './sql-executor';
import { SubscriptionHub } from './subscription-hub';
import { GroupCommit } from './group-commit';

/** What a driver knows about the responses this process streams (see `ResponseClaims`). */
export interface WriterMarks {
  /** The advisory-lock key to store as the writer of a response this process claimed. */
  writerOf(responseId: string): number | undefined;
  /** Called with every batch this process appended. */
  appended(events: readonly SessionEvent[]): void;
}

/** Options for {@link createSqlStorage}. */
export interface SqlStorageOptions {
  executor: SqlExecutor;
  /**
   * Whether every write to the database reaches this process: always for PGlite (one
   * process), for PostgreSQL while its LISTEN connection is up. Heads and recall sets are
   * served from memory only while it holds.
   */
  trust: FeedTrust;
  /**
   * Channel to announce writes on, so other processes wake up and drop stale recall sets. A
   * recall set's save NOTIFYs in its transaction. An append NOTIFYs in its own statement
   * when no other append of this process is in flight; otherwise it is announced through
   * `announceLater` after it committed: commits that NOTIFY take PostgreSQL's database-wide
   * notify lock until their commit is flushed, so concurrent ones would commit one by one.
   */
  notifyChannel?: string;
  /** Announces a committed append later (many at once); required with `notifyChannel`. */
  announceLater?: (sessionId: string, seq: number) => void;
  /**
   * Append statements in flight at once; appends of other sessions that arrive meanwhile
   * queue and are committed together, in one statement, by the next one free (group commit).
   * @default 1
   */
  maxAppendStatements?: number;
  /** Called once when a subscription starts (a driver may start listening lazily). */
  onSubscribe?: () => void;
  writers?: WriterMarks;
  /** Releases the driver's connections, locks and files. */
  close: () => Promise<void>;
}

/** The adapter, and what a driver's LISTEN connection feeds it. */
export interface SqlStorage {
  adapter: StorageAdapter;
  /** A NOTIFY payload from the channel (this process's own included). */
  receive(payload: string): void;
  /** Wakes every subscriber, e.g. after a listener reconnects and may have missed wake-ups. */
  wakeAll(): void;
}

/**
 * A StorageAdapter over any PostgreSQL-dialect executor: the one implementation behind the
 * PGlite and PostgreSQL adapters, which only contribute a driver. Every append is one
 * statement; what this process appends reaches its subscribers without a read; heads and
 * recall sets it has seen are served from memory while `trust` holds.
 */
export function createSqlStorage(options: SqlStorageOptions): SqlStorage {
  const { executor, trust } = options;
  const heads = new KnownHeads(trust);
  const recallSets = new RecallSetCache(trust);
  /**
   * Appends in flight per session, and the highest seq a notice named meanwhile: the notice
   * of this process's own append can arrive before the append's answer, and must not send
   * subscribers to read what the answer is about to hand them.
   */
  const appending = new Map<string, { count: number; noticed: number }>();
  const commits = new GroupCommit({
    executor,
    maxStatements: options.maxAppendStatements ?? 1,
    ...(options.notifyChannel === undefined ? {} : { notifyChannel: options.notifyChannel }),
  });
  let closing: Promise<void> | undefined;

  function open(): SqlExecutor {
    if (closing) throw new RecallError('STORAGE_UNAVAILABLE', 'The storage adapter is closed.');
    return executor;
  }

  async function read(sessionId: string, afterSeq: number, limit: number | undefined) {
    const epoch = trust.epoch;
    const events = await readEvents(open(), sessionId, {
      afterSeq,
      ...(limit === undefined ? {} : { limit }),
    });
    const last = events.at(-1);
    if (last !== undefined && (limit === undefined || events.length < limit)) {
      heads.note(sessionId, last.seq, epoch);
    }
    return events;
  }

  const hub = new SubscriptionHub({
    read: (sessionId, afterSeq, limit) => read(sessionId, afterSeq, limit),
    headOf: (sessionId) => heads.get(sessionId),
  });

  const adapter: StorageAdapter = {
    specificationVersion: 'recall-storage-v2',
    writesWithAppend: true,

    async saveRecallSet(recallSet) {
      await saveRecallSet(open(), toStorableValue(recallSet), {
        ...(options.notifyChannel === undefined
          ? {}
          : { notify: { channel: options.notifyChannel, payload: recallSetNotice(recallSet.id) } }),
      });
      recallSets.invalidate(recallSet.id);
    },
    getRecallSet: async (recallSetId) =>
      recallSets.get(recallSetId, (id) => getRecallSet(open(), id)),
    listRecallSets: async (listOptions) => listRecallSets(open(), listOptions),
    getSchedules: async (learnerOptions) => getSchedules(open(), learnerOptions),
    getDuePoints: async (learnerOptions) => getDuePoints(open(), learnerOptions),
    recordReview: async (reviewOptions) => recordReview(open(), reviewOptions),
    getReviewLogs: async (learnerOptions) => getReviewLogs(open(), learnerOptions),

    saveSession: async (session) => saveSession(open(), session),
    getSession: async (sessionId) => getSession(open(), sessionId),
    findActiveSession: async (findOptions) => findActiveSession(open(), findOptions),
    listSessions: async (listOptions) => listSessions(open(), listOptions),

    async append(sessionId, events, appendOptions) {
      const epoch = trust.epoch;
      const pending = appending.get(sessionId) ?? { count: 0, noticed: 0 };
      pending.count += 1;
      appending.set(sessionId, pending);
      try {
        open();
        const { result, notified } = await commits.append({
          sessionId,
          events,
          options: {
            expectedSeq: appendOptions.expectedSeq,
            ...(appendOptions.reviews === undefined ? {} : { reviews: appendOptions.reviews }),
            ...(appendOptions.session === undefined ? {} : { session: appendOptions.session }),
            ...(options.writers === undefined
              ? {}
              : { writerOf: (responseId: string) => options.writers?.writerOf(responseId) }),
          },
        });
        const last = result.events.at(-1);
        if (result.status === 'appended' && last !== undefined) {
          heads.note(sessionId, last.seq, epoch);
          options.writers?.appended(result.events);
          if (options.notifyChannel !== undefined && !notified) {
            options.announceLater?.(sessionId, last.seq);
          }
          hub.publish(sessionId, result.events);
        }
        return result;
      } catch (error) {
        // A conflict tells where the log ends now.
        if (error instanceof ConcurrencyError) heads.note(sessionId, error.actualSeq, epoch);
        throw error;
      } finally {
        pending.count -= 1;
        if (pending.count === 0) {
          appending.delete(sessionId);
          // Wakes only subscribers still behind: another process's append, not ours.
          if (pending.noticed > 0) hub.wake(sessionId, pending.noticed);
        }
      }
    },
    read: async (sessionId, readOptions = {}) =>
      read(sessionId, Math.max(0, readOptions.afterSeq ?? 0), readOptions.limit),
    lastSeq: async (sessionId) => {
      const epoch = trust.epoch;
      const head = await lastSeq(open(), sessionId);
      heads.note(sessionId, head, epoch);
      return head;
    },
    knownLastSeq: (sessionId) => heads.get(sessionId),
    subscribe(sessionId, afterSeq, onEvent) {
      if (closing) return () => {};
      options.onSubscribe?.();
      return hub.subscribe(sessionId, afterSeq, onEvent);
    },
    spend: createSqlSpendLedger(open),

    close() {
      closing ??= (async () => {
        hub.close();
        await options.close();
      })();
      return closing;
    },
  };

  return {
    adapter,
    receive(payload) {
      const notice = parseNotice(payload);
      switch (notice.kind) {
        case 'events': {
          heads.note(notice.sessionId, notice.seq, trust.epoch);
          const pending = appending.get(notice.sessionId);
          if (pending === undefined) hub.wake(notice.sessionId, notice.seq);
          else pending.noticed = Math.max(pending.noticed, notice.seq);
          return;
        }
        case 'recall-set':
          recallSets.invalidate(notice.recallSetId);
          return;
        case 'unknown':
          heads.clear();
          recallSets.invalidate();
          hub.wakeAll();
          return;
      }
    },
    wakeAll: () => hub.wakeAll(),
  };
}
