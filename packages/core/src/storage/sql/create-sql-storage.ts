import { RecallError } from '../../errors/recall-error';
import type { StorageAdapter } from '../storage-adapter';
import { appendEvents, lastSeq, readEvents } from './event-queries';
import {
  getDuePoints,
  getReviewLogs,
  getSchedules,
  listRecallSets,
  recordReview,
} from './learner-queries';
import { getRecallSet, saveRecallSet } from './recall-set-queries';
import { findActiveSession, getSession, listSessions, saveSession } from './session-queries';
import { toStorableValue } from '../../text/storable-text';
import type { SqlExecutor } from './sql-executor';
import type { SubscriptionHub } from './subscription-hub';

/** Options for {@link createSqlStorage}. */
export interface SqlStorageOptions {
  executor: SqlExecutor;
  /** Delivers live events; the adapter wakes it after each of its own appends. */
  hub: SubscriptionHub;
  /** Channel to `pg_notify` on commit, so subscribers in other processes wake up. */
  notifyChannel?: string;
  /** Called once when a subscription starts (a driver may start listening lazily). */
  onSubscribe?: () => void;
  /** Releases the driver's connections, locks and files. */
  close: () => Promise<void>;
}

/**
 * A StorageAdapter over any PostgreSQL-dialect executor: the one implementation behind the
 * PGlite and PostgreSQL adapters, which only contribute a driver.
 */
export function createSqlStorage(options: SqlStorageOptions): StorageAdapter {
  const { executor, hub } = options;
  let closing: Promise<void> | undefined;

  function open(): SqlExecutor {
    if (closing) throw new RecallError('STORAGE_UNAVAILABLE', 'The storage adapter is closed.');
    return executor;
  }

  return {
    specificationVersion: 'recall-storage-v2',

    saveRecallSet: async (recallSet) => saveRecallSet(open(), toStorableValue(recallSet)),
    getRecallSet: async (recallSetId) => getRecallSet(open(), recallSetId),
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
      const result = await appendEvents(open(), sessionId, events, {
        expectedSeq: appendOptions.expectedSeq,
        ...(options.notifyChannel === undefined ? {} : { notifyChannel: options.notifyChannel }),
      });
      const last = result.events.at(-1);
      if (result.status === 'appended' && last) hub.wake(sessionId, last.seq);
      return result;
    },
    read: async (sessionId, readOptions) => readEvents(open(), sessionId, readOptions),
    lastSeq: async (sessionId) => lastSeq(open(), sessionId),
    subscribe(sessionId, afterSeq, onEvent) {
      if (closing) return () => {};
      options.onSubscribe?.();
      return hub.subscribe(sessionId, afterSeq, onEvent);
    },

    close() {
      closing ??= (async () => {
        hub.close();
        await options.close();
      })();
      return closing;
    },
  };
}
