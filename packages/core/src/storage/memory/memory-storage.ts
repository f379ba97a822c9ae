import type { NewSessionEvent } from '../../events/envelope';
import { deepFreeze } from '../log/append-plan';
import { pointDueAt } from '../../model/learner';
import type { RecallPoint, RecallSet, RecallSetSummary } from '../../model/recall-set';
import type { PointSchedule, ReviewLog } from '../../model/schedule';
import type { Session } from '../../model/session';
import { learnerKey } from '../learner-key';
import type {
  AppendOptions,
  AppendResult,
  ListSessionsOptions,
  ReadOptions,
  RecordReviewOptions,
  StorageAdapter,
  Unsubscribe,
} from '../storage-adapter';
import { toStorableValue } from '../../text/storable-text';
import { InMemoryEventLog } from './event-log';
import { createMemorySpendLedger } from './spend-ledger';

/**
 * A StorageAdapter that keeps everything in memory: for tests, browsers and demos.
 * Values are copied in; events and recall sets are stored deep-frozen and handed out as they
 * are (one shared object each, never a copy per read), other values are copied out, so
 * callers can never mutate stored state.
 *
 * @example
 * const engine = createRecallEngine({ storage: createMemoryStorage(), llm: createOfflineLLM() });
 */
export function createMemoryStorage(): StorageAdapter {
  const recallSets = new Map<string, RecallSet>();
  const sessions = new Map<string, Session>();
  const learning = new InMemoryLearningState();
  const eventLog = new InMemoryEventLog();

  function pointExists(pointId: string): boolean {
    for (const recallSet of recallSets.values()) {
      if (recallSet.points.some((point) => point.id === pointId)) return true;
    }
    return false;
  }

  function pointsOf(recallSetId: string): readonly RecallPoint[] {
    return recallSets.get(recallSetId)?.points ?? [];
  }

  function recordReview({ userId, schedule, log }: RecordReviewOptions): void {
    learnerKey(userId);
    if (!pointExists(log.pointId)) throw new Error(`No recall point has id ${log.pointId}.`);
    learning.record(userId, schedule, log);
  }

  return {
    specificationVersion: 'recall-storage-v2',
    scope: 'process',
    writesWithAppend: true,

    async saveRecallSet(recallSet) {
      const kept = new Set(recallSet.points.map((point) => point.id));
      const removed = pointsOf(recallSet.id).filter((point) => !kept.has(point.id));
      learning.forgetSchedules(removed.map((point) => point.id));
      recallSets.set(recallSet.id, deepFreeze(structuredClone(toStorableValue(recallSet))));
    },
    async getRecallSet(recallSetId) {
      return recallSets.get(recallSetId) ?? null;
    },
    async listRecallSets({ now, userId }) {
      learnerKey(userId);
      const summaries: RecallSetSummary[] = [];
      for (const recallSet of recallSets.values()) {
        if (recallSet.ownerId !== undefined && recallSet.ownerId !== userId) continue;
        const schedules = learning.schedules(
          userId,
          recallSet.points.map((point) => point.id),
        );
        const dues = recallSet.points.map((point) => pointDueAt(point, schedules.get(point.id)));
        summaries.push({
          id: recallSet.id,
          name: recallSet.name,
          description: recallSet.description,
          status: recallSet.status,
          totalPoints: recallSet.points.length,
          dueCount: dues.filter((due) => due <= now).length,
          nextDueAt: dues.length > 0 ? Math.min(...dues) : null,
        });
      }
      return summaries.sort((a, b) => a.name.localeCompare(b.name));
    },

    async getSchedules({ recallSetId, userId }) {
      return learning.schedules(
        userId,
        pointsOf(recallSetId).map((point) => point.id),
      );
    },
    async getDuePoints({ recallSetId, now, userId }) {
      const points = pointsOf(recallSetId);
      const schedules = learning.schedules(
        userId,
        points.map((point) => point.id),
      );
      return points
        .filter((point) => pointDueAt(point, schedules.get(point.id)) <= now)
        .sort((a, b) => a.position - b.position)
        .map((point) => structuredClone(point));
    },
    async recordReview(options) {
      recordReview(options);
    },
    async getReviewLogs({ pointId, userId }) {
      return learning.logs(userId, pointId);
    },

    async saveSession(session) {
      sessions.set(session.id, structuredClone(session));
    },
    async getSession(sessionId) {
      const session = sessions.get(sessionId);
      return session ? structuredClone(session) : null;
    },
    async findActiveSession({ recallSetId, userId }) {
      learnerKey(userId);
      const active = [...sessions.values()]
        .filter(
          (session) =>
            session.recallSetId === recallSetId &&
            (session.status === 'in_progress' || session.status === 'paused') &&
            session.userId === userId,
        )
        .sort((a, b) => b.startedAt - a.startedAt);
      return active[0] ? structuredClone(active[0]) : null;
    },
    async listSessions(options: ListSessionsOptions = {}) {
      return [...sessions.values()]
        .filter(
          (session) =>
            (options.recallSetId === undefined || session.recallSetId === options.recallSetId) &&
            (options.userId === undefined || session.userId === options.userId) &&
            (options.status === undefined || session.status === options.status),
        )
        .sort((a, b) => b.startedAt - a.startedAt)
        .map((session) => structuredClone(session));
    },

    async append(
      sessionId: string,
      events: readonly NewSessionEvent[],
      options: AppendOptions,
    ): Promise<AppendResult> {
      const result = eventLog.append(sessionId, events, options.expectedSeq);
      if (result.status !== 'appended') return result;
      // Synchronous with the append, so nothing can observe one without the other.
      for (const review of options.reviews ?? []) {
        if (pointExists(review.log.pointId)) recordReview(review);
      }
      if (options.session !== undefined) {
        sessions.set(options.session.id, structuredClone(options.session));
      }
      return result;
    },
    async read(sessionId: string, options?: ReadOptions) {
      return eventLog.read(sessionId, options);
    },
    async lastSeq(sessionId) {
      return eventLog.lastSeq(sessionId);
    },
    knownLastSeq(sessionId) {
      return eventLog.lastSeq(sessionId);
    },
    subscribe(sessionId, afterSeq, onEvent): Unsubscribe {
      return eventLog.subscribe(sessionId, afterSeq, onEvent);
    },
    spend: createMemorySpendLedger(),
    async close() {
      eventLog.clear();
    },
  };
}

/**
 * The in-memory adapter's learning state: FSRS schedules and review logs per (learner, point).
 * Values are copied in and out.
 */
class InMemoryLearningState {
  /** Learner key → point id → schedule. */
  readonly #schedules = new Map<string, Map<string, PointSchedule>>();
  /** Learner key → point id → logs in recorded order. */
  readonly #logs = new Map<string, Map<string, ReviewLog[]>>();
  /** Every stored log id: ids are unique across learners, as in the SQL adapters. */
  readonly #logIds = new Set<string>();

  schedules(userId: string | undefined, pointIds: readonly string[]): Map<string, PointSchedule> {
    const own = this.#schedules.get(learnerKey(userId));
    const result = new Map<string, PointSchedule>();
    for (const pointId of pointIds) {
      const schedule = own?.get(pointId);
      if (schedule !== undefined) result.set(pointId, structuredClone(schedule));
    }
    return result;
  }

  /** Stores the review unless its log id is already stored (then nothing changes). */
  record(userId: string | undefined, schedule: PointSchedule, log: ReviewLog): void {
    const key = learnerKey(userId);
    if (this.#logIds.has(log.id)) return;
    this.#logIds.add(log.id);
    const logs = entryOf(this.#logs, key);
    logs.set(log.pointId, [...(logs.get(log.pointId) ?? []), structuredClone(log)]);
    entryOf(this.#schedules, key).set(log.pointId, structuredClone(schedule));
  }

  logs(userId: string | undefined, pointId: string): ReviewLog[] {
    return structuredClone(this.#logs.get(learnerKey(userId))?.get(pointId) ?? []);
  }

  /** Deletes every learner's schedule of these points (their logs stay: they are history). */
  forgetSchedules(pointIds: Iterable<string>): void {
    for (const own of this.#schedules.values()) {
      for (const pointId of pointIds) own.delete(pointId);
    }
  }
}

function entryOf<T>(map: Map<string, Map<string, T>>, key: string): Map<string, T> {
  let entry = map.get(key);
  if (entry === undefined) {
    entry = new Map();
    map.set(key, entry);
  }
  return entry;
}
