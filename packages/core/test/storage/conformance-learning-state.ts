import type { LearningStateStore, RecallSetStore } from '@recall/core';
import { beforeEach, describe, expect, test } from 'vitest';
import { describeLearnerConformance } from './conformance-learners';
import { recallSet, review, reviewLog, schedule, uniqueId } from './fixtures';

/**
 * The {@link LearningStateStore} contract: schedules, review logs and due points of a
 * {@link RecallSetStore}'s points, kept per learner. `store` returns the store under test:
 * learning state belongs to points, so it is tested together with the sets holding them.
 */
export function describeLearningStateConformance(
  store: () => RecallSetStore & LearningStateStore,
): void {
  let storage: RecallSetStore & LearningStateStore;
  beforeEach(() => {
    storage = store();
  });

  describe('learning state', () => {
    test('saving again replaces the set, its points and its resources', async () => {
      const set = recallSet({ points: 3 });
      await storage.saveRecallSet(set);
      const replaced = {
        ...set,
        name: 'Renamed',
        points: [{ ...set.points[2]!, content: 'Edited' }, set.points[0]!],
        resources: [{ ...set.resources[0]!, title: 'New notes', links: [] }],
      };
      await storage.saveRecallSet(replaced);
      expect(await storage.getRecallSet(set.id)).toEqual(replaced);
      const due = await storage.getDuePoints({ recallSetId: set.id, now: 10_000 });
      expect(due).toHaveLength(2);
    });

    test('due points: a point new to the learner is due from its createdAt, a reviewed one at its due; position order', async () => {
      const set = recallSet({ points: 4, createdAt: 1000 });
      await storage.saveRecallSet(set);
      const [first, second, third] = set.points;
      await storage.recordReview(review(first!.id, { reviewedAt: 1500, due: 9000 }));
      await storage.recordReview(review(third!.id, { reviewedAt: 1500, due: 3000 }));
      const due = async (now: number) =>
        (await storage.getDuePoints({ recallSetId: set.id, now })).map((point) => point.id);
      // Positions were assigned in reverse, so position order is the reverse of array order.
      expect(await due(999)).toEqual([]);
      expect(await due(2000)).toEqual([set.points[3]!.id, second!.id]);
      expect(await due(5000)).toEqual([set.points[3]!.id, third!.id, second!.id]);
      expect((await storage.getDuePoints({ recallSetId: set.id, now: 5000 }))[1]).toEqual(third);
      expect(await due(9000)).toHaveLength(4);
      expect(await storage.getDuePoints({ recallSetId: uniqueId('rs'), now: 10_000 })).toEqual([]);
    });

    test("listRecallSets counts the learner's due points and shows shared sets and their own, by name", async () => {
      const userId = uniqueId('user');
      const mine = recallSet({ points: 3, ownerId: userId, name: 'b mine' });
      const shared = recallSet({ points: 0, name: 'A shared' });
      const theirs = recallSet({ points: 1, ownerId: uniqueId('user'), name: 'c theirs' });
      for (const set of [mine, shared, theirs]) await storage.saveRecallSet(set);
      await storage.recordReview({
        userId,
        ...review(mine.points[2]!.id, { reviewedAt: 1500, due: 9000 }),
      });
      const ids = new Set([mine.id, shared.id, theirs.id]);
      const listed = (await storage.listRecallSets({ now: 2000, userId })).filter((summary) =>
        ids.has(summary.id),
      );
      expect(listed).toEqual([
        {
          id: shared.id,
          name: 'A shared',
          description: shared.description,
          status: 'active',
          totalPoints: 0,
          dueCount: 0,
          nextDueAt: null,
        },
        {
          id: mine.id,
          name: 'b mine',
          description: mine.description,
          status: 'active',
          totalPoints: 3,
          dueCount: 2,
          nextDueAt: 1000,
        },
      ]);
    });

    test("recordReview writes the learner's schedule and log once per log id", async () => {
      const set = recallSet({ points: 2 });
      await storage.saveRecallSet(set);
      const point = set.points[1]!;
      const first = reviewLog(point.id, 50_000);
      const second = reviewLog(point.id, 40_000);
      const next = schedule(900_000, { reps: 3, stability: 7.125 });
      await storage.recordReview({ schedule: schedule(500_000), log: first });
      await storage.recordReview({ schedule: next, log: second });
      // A retry of an earlier review, even with another schedule, changes nothing.
      await storage.recordReview({ schedule: schedule(1), log: second });
      await storage.recordReview({ schedule: schedule(2), log: first });
      expect(await storage.getReviewLogs({ pointId: point.id })).toEqual([first, second]);
      const schedules = await storage.getSchedules({ recallSetId: set.id });
      expect(schedules).toEqual(new Map([[point.id, next]]));
      // Content is not learning state: the point itself is unchanged.
      expect(await storage.getRecallSet(set.id)).toEqual(set);
      expect(await storage.getDuePoints({ recallSetId: set.id, now: 800_000 })).toEqual([
        set.points[0],
      ]);
      expect(await storage.getReviewLogs({ pointId: uniqueId('rp') })).toEqual([]);
      await expect(
        storage.recordReview({ schedule: next, log: reviewLog(uniqueId('rp'), 1) }),
      ).rejects.toThrow(/No recall point/);
    });

    test('a schedule without lastReview reads back without it', async () => {
      const set = recallSet({ points: 1 });
      await storage.saveRecallSet(set);
      const { lastReview: _lastReview, ...fresh } = schedule(7000, { state: 0, reps: 0 });
      await storage.recordReview({ schedule: fresh, log: reviewLog(set.points[0]!.id, 6000) });
      const stored = await storage.getSchedules({ recallSetId: set.id });
      expect(stored.get(set.points[0]!.id)).toEqual(fresh);
    });
  });

  describeLearnerConformance(store);
}
