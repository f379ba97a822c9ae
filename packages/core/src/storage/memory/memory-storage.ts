import type { StorageAdapter } from '../storage-adapter';
import { createMemoryEventLogStore } from './event-log';
import { InMemoryLearningState, createMemoryLearningStateStore } from './learning-state';
import { createMemoryRecallSetStore } from './recall-sets';
import { createMemorySessionRowStore } from './session-rows';
import { createMemorySpendLedger } from './spend-ledger';

/**
 * A StorageAdapter that keeps everything in memory: for tests, browsers and demos.
 * Values are copied in; events and recall sets are stored deep-frozen and handed out as they
 * are (one shared object each, never a copy per read), other values are copied out, so
 * callers can never mutate stored state. It is composed of its named parts: the event log
 * (whose appends also write reviews and the session row), recall sets, learning state,
 * session rows and the spend ledger.
 *
 * @example
 * const engine = createRecallEngine({ storage: createMemoryStorage(), llm: createOfflineLLM() });
 */
export function createMemoryStorage(): StorageAdapter {
  const learning = new InMemoryLearningState();
  const recallSets = createMemoryRecallSetStore(learning);
  const learningState = createMemoryLearningStateStore(learning, recallSets);
  const sessionRows = createMemorySessionRowStore();
  const eventLog = createMemoryEventLogStore({
    writeReview(review) {
      if (recallSets.pointExists(review.log.pointId)) learningState.recordReviewNow(review);
    },
    writeSession: sessionRows.saveSessionNow,
  });
  return {
    specificationVersion: 'recall-storage-v2',
    scope: eventLog.scope,
    writesWithAppend: eventLog.writesWithAppend,

    saveRecallSet: recallSets.saveRecallSet,
    getRecallSet: recallSets.getRecallSet,
    listRecallSets: recallSets.listRecallSets,

    getSchedules: learningState.getSchedules,
    getDuePoints: learningState.getDuePoints,
    recordReview: learningState.recordReview,
    getReviewLogs: learningState.getReviewLogs,

    saveSession: sessionRows.saveSession,
    getSession: sessionRows.getSession,
    findActiveSession: sessionRows.findActiveSession,
    listSessions: sessionRows.listSessions,

    append: eventLog.append,
    read: eventLog.read,
    lastSeq: eventLog.lastSeq,
    knownLastSeq: eventLog.knownLastSeq,
    subscribe: eventLog.subscribe,
    spend: createMemorySpendLedger(),
    async close() {
      eventLog.clear();
    },
  };
}
