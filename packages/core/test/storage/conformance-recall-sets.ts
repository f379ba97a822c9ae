import type { RecallSetStore } from '@recall/core';
import { beforeEach, describe, expect, test } from 'vitest';
import { recallSet, uniqueId } from './fixtures';

const NOW = 10 * 86_400_000;

/**
 * The {@link RecallSetStore} contract: sets saved, read back read-only, listed for the
 * learners who may study them. `sets` returns the store under test. (Due counts and due
 * points need learning state: describeLearningStateConformance covers them.)
 */
export function describeRecallSetConformance(sets: () => RecallSetStore): void {
  let storage: RecallSetStore;
  beforeEach(() => {
    storage = sets();
  });

  describe('recall sets', () => {
    test('a saved set reads back equal; an unknown id is null', async () => {
      const set = recallSet({ points: 3, ownerId: uniqueId('user') });
      await storage.saveRecallSet(set);
      expect(await storage.getRecallSet(set.id)).toEqual(set);
      expect(await storage.getRecallSet(uniqueId('rs'))).toBeNull();
    });

    test('a private set is listed for its owner only, never for another user or the anonymous learner', async () => {
      const alice = uniqueId('alice');
      const bob = uniqueId('bob');
      const private_ = recallSet({ points: 2, ownerId: alice });
      const shared = recallSet({ points: 2 });
      for (const set of [private_, shared]) await storage.saveRecallSet(set);
      const listedIds = async (userId?: string) =>
        (
          await storage.listRecallSets({ now: NOW, ...(userId === undefined ? {} : { userId }) })
        ).map((summary) => summary.id);
      expect(await listedIds(alice)).toEqual(expect.arrayContaining([private_.id, shared.id]));
      expect(await listedIds(bob)).toContain(shared.id);
      expect(await listedIds(bob)).not.toContain(private_.id);
      expect(await listedIds()).toContain(shared.id);
      expect(await listedIds()).not.toContain(private_.id);
    });

    test('a recall set read back is read-only, and a save replaces it at once', async () => {
      const set = recallSet({ points: 2 });
      await storage.saveRecallSet(set);
      const first = await storage.getRecallSet(set.id);
      expect(first).toEqual(set);
      expect(Object.isFrozen(first)).toBe(true);
      expect(Object.isFrozen(first?.points[0])).toBe(true);
      await storage.saveRecallSet({ ...set, name: 'Renamed', points: set.points.slice(0, 1) });
      const second = await storage.getRecallSet(set.id);
      expect(second?.name).toBe('Renamed');
      expect(second?.points).toHaveLength(1);
    });
  });
}
