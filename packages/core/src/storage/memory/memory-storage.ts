import type { NewSessionEvent } from '../../events/envelope';
import type { RecallPoint, RecallSet, RecallSetSummary } from '../../model/recall-set';
import type { PointSchedule, ReviewLog } from '../../model/schedule';
import type { Session } from '../../model/session';
import type {
  AppendOptions,
  AppendResult,
  ListSessionsOptions,
  ReadOptions,
  StorageAdapter,
  Unsubscribe,
} from '../storage-adapter';
import { InMemoryEventLog } from './event-log';

/**
 * A StorageAdapter that keeps everything in memory: for tests, browsers and demos.
 * Values are copied in and out, and events delivered to subscribers are deep-frozen (one shared
 * object per event), so callers can never mutate stored state.
 *
 * @example
 * const engine = createRecallEngine({ storage: createMemoryStorage(), llm: createOfflineLLM() });
 */
export function createMemoryStorage(): StorageAdapter {
  const recallSets = new Map<string, RecallSet>();
  const sessions = new Map<string, Session>();
  const reviewLogs = new Map<string, ReviewLog[]>();
  const eventLog = new InMemoryEventLog();

  function findPoint(pointId: string): RecallPoint | undefined {
    for (const recallSet of recallSets.values()) {
      const point = recallSet.points.find((candidate) => candidate.id === pointId);
      if (point) return point;
    }
    return undefined;
  }

  return {
    specificationVersion: 'recall-storage-v1',
    scope: 'process',

    async saveRecallSet(recallSet) {
      recallSets.set(recallSet.id, structuredClone(recallSet));
    },
    async getRecallSet(recallSetId) {
      const recallSet = recallSets.get(recallSetId);
      return recallSet ? structuredClone(recallSet) : null;
    },
    async listRecallSets({ now, ownerId }) {
      const summaries: RecallSetSummary[] = [];
      for (const recallSet of recallSets.values()) {
        if (
          ownerId !== undefined &&
          recallSet.ownerId !== undefined &&
          recallSet.ownerId !== ownerId
        )
          continue;
        const dues = recallSet.points.map((point) => point.schedule.due);
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
    async getDuePoints(recallSetId, now) {
      const points = recallSets.get(recallSetId)?.points ?? [];
      return points
        .filter((point) => point.schedule.due <= now)
        .sort((a, b) => a.position - b.position)
        .map((point) => structuredClone(point));
    },
    async recordReview(pointId: string, schedule: PointSchedule, log: ReviewLog) {
      const point = findPoint(pointId);
      if (!point) throw new Error(`No recall point has id ${pointId}.`);
      point.schedule = structuredClone(schedule);
      point.updatedAt = log.reviewedAt;
      const logs = reviewLogs.get(pointId) ?? [];
      // A retried call with the same log id records the review once.
      if (!logs.some((stored) => stored.id === log.id)) logs.push(structuredClone(log));
      reviewLogs.set(pointId, logs);
    },
    async getReviewLogs(pointId) {
      return structuredClone(reviewLogs.get(pointId) ?? []);
    },

    async saveSession(session) {
      sessions.set(session.id, structuredClone(session));
    },
    async getSession(sessionId) {
      const session = sessions.get(sessionId);
      return session ? structuredClone(session) : null;
    },
    async findActiveSession(recallSetId, options = {}) {
      const active = [...sessions.values()]
        .filter(
          (session) =>
            session.recallSetId === recallSetId &&
            (session.status === 'in_progress' || session.status === 'paused') &&
            (options.userId === undefined || session.userId === options.userId),
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
      return eventLog.append(sessionId, events, options.expectedSeq);
    },
    async read(sessionId: string, options?: ReadOptions) {
      return eventLog.read(sessionId, options);
    },
    async lastSeq(sessionId) {
      return eventLog.lastSeq(sessionId);
    },
    subscribe(sessionId, afterSeq, onEvent): Unsubscribe {
      return eventLog.subscribe(sessionId, afterSeq, onEvent);
    },
    async close() {
      eventLog.clear();
    },
  };
}
