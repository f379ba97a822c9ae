// The in-memory adapter's recall-set part: sets stored deep-frozen and handed out as they are,
// with the learners' due counts read from the learning state.
import { pointDueAt } from '../../model/learner';
import type { RecallPoint, RecallSet, RecallSetSummary } from '../../model/recall-set';
import { toStorableValue } from '../../text/storable-text';
import { learnerKey } from '../learner-key';
import { deepFreeze } from '../log/append-plan';
import type { RecallSetStore } from '../parts/recall-set-store';
import type { InMemoryLearningState, MemoryPointIndex } from './learning-state';

/** The recall-set part, plus the point index the learning-state part reads. */
export type MemoryRecallSetStore = RecallSetStore & MemoryPointIndex;

/**
 * The recall-set part over `learning`: saving a set forgets the schedules of the points it
 * drops, and listing reads each learner's due counts.
 */
export function createMemoryRecallSetStore(learning: InMemoryLearningState): MemoryRecallSetStore {
  const recallSets = new Map<string, RecallSet>();

  function pointsOf(recallSetId: string): readonly RecallPoint[] {
    return recallSets.get(recallSetId)?.points ?? [];
  }

  return {
    pointsOf,
    pointExists(pointId) {
      for (const recallSet of recallSets.values()) {
        if (recallSet.points.some((point) => point.id === pointId)) return true;
      }
      return false;
    },
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
  };
}
