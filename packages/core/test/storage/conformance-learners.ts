import type { LearningStateStore, RecallSetStore } from '@recall/core';
import { beforeEach, describe, expect, test } from 'vitest';
import { recallSet, review, reviewLog, schedule, uniqueId } from './fixtures';

const DAY = 86_400_000;
const NOW = 10 * DAY;

/**
 * Run by describeLearningStateConformance: learning state is per (learner, point), and a
 * learner's due counts in `listRecallSets` are their own.
 */
export function describeLearnerConformance(store: () => RecallSetStore & LearningStateStore): void {
  let storage: RecallSetStore & LearningStateStore;
  beforeEach(() => {
    storage = store();
  });

  const dueCount = async (recallSetId: string, userId?: string) => {
    const listed = await storage.listRecallSets({
      now: NOW,
      ...(userId === undefined ? {} : { userId }),
    });
    return listed.find((summary) => summary.id === recallSetId)?.dueCount;
  };

  describe('learners', () => {
    test('two users on one shared set keep independent schedules, due counts and logs', async () => {
      const set = recallSet({ points: 5 });
      await storage.saveRecallSet(set);
      const alice = uniqueId('alice');
      const bob = uniqueId('bob');
      expect([await dueCount(set.id, alice), await dueCount(set.id, bob)]).toEqual([5, 5]);

      // Alice recalls every point: each is next due in three days.
      const reviews = set.points.map((point) =>
        review(point.id, { reviewedAt: NOW, due: NOW + 3 * DAY }),
      );
      for (const entry of reviews) await storage.recordReview({ userId: alice, ...entry });

      expect(await dueCount(set.id, alice)).toBe(0);
      expect(await dueCount(set.id, bob)).toBe(5);
      expect(await dueCount(set.id)).toBe(5);
      const listedForBob = (await storage.listRecallSets({ now: NOW, userId: bob })).find(
        (summary) => summary.id === set.id,
      );
      expect(listedForBob).toMatchObject({ totalPoints: 5, dueCount: 5, nextDueAt: 1000 });
      const listedForAlice = (await storage.listRecallSets({ now: NOW, userId: alice })).find(
        (summary) => summary.id === set.id,
      );
      expect(listedForAlice).toMatchObject({ dueCount: 0, nextDueAt: NOW + 3 * DAY });

      expect(await storage.getDuePoints({ recallSetId: set.id, now: NOW, userId: alice })).toEqual(
        [],
      );
      expect(
        await storage.getDuePoints({ recallSetId: set.id, now: NOW, userId: bob }),
      ).toHaveLength(5);
      expect(await storage.getSchedules({ recallSetId: set.id, userId: bob })).toEqual(new Map());
      expect(await storage.getSchedules({ recallSetId: set.id, userId: alice })).toEqual(
        new Map(reviews.map((entry) => [entry.log.pointId, entry.schedule])),
      );
      const point = set.points[0]!.id;
      expect(await storage.getReviewLogs({ pointId: point, userId: alice })).toEqual([
        reviews[0]!.log,
      ]);
      expect(await storage.getReviewLogs({ pointId: point, userId: bob })).toEqual([]);
      expect(await storage.getReviewLogs({ pointId: point })).toEqual([]);

      // Bob's own review of one point moves only his schedule.
      const bobs = review(point, { reviewedAt: NOW, due: NOW + DAY });
      await storage.recordReview({ userId: bob, ...bobs });
      expect(await dueCount(set.id, bob)).toBe(4);
      expect(
        (await storage.getSchedules({ recallSetId: set.id, userId: alice })).get(point),
      ).toEqual(reviews[0]!.schedule);
    });

    test("re-saving an edited set keeps learners' schedules; a new point is new to everyone; a removed point takes its schedules", async () => {
      const set = recallSet({ points: 3 });
      await storage.saveRecallSet(set);
      const alice = uniqueId('alice');
      const [kept, edited, removed] = set.points;
      const reviews = [kept!, edited!, removed!].map((point) =>
        review(point.id, { reviewedAt: NOW, due: NOW + 3 * DAY }),
      );
      for (const entry of reviews) await storage.recordReview({ userId: alice, ...entry });
      await storage.recordReview(review(kept!.id, { reviewedAt: NOW, due: NOW + 8 * DAY }));

      const added = { ...kept!, id: uniqueId('rp'), content: 'A new point', position: 9 };
      await storage.saveRecallSet({
        ...set,
        name: 'Edited',
        points: [kept!, { ...edited!, content: 'Reworded', position: 0 }, added],
        updatedAt: NOW,
      });

      expect(await storage.getSchedules({ recallSetId: set.id, userId: alice })).toEqual(
        new Map([
          [kept!.id, reviews[0]!.schedule],
          [edited!.id, reviews[1]!.schedule],
        ]),
      );
      expect((await storage.getSchedules({ recallSetId: set.id })).get(kept!.id)?.due).toBe(
        NOW + 8 * DAY,
      );
      const dueForAlice = await storage.getDuePoints({
        recallSetId: set.id,
        now: NOW,
        userId: alice,
      });
      expect(dueForAlice.map((point) => point.id)).toEqual([added.id]);
      expect(await dueCount(set.id, uniqueId('carol'))).toBe(3);
      // Review logs are history: a removed point's stay.
      expect(await storage.getReviewLogs({ pointId: removed!.id, userId: alice })).toEqual([
        reviews[2]!.log,
      ]);

      // Saving the same content again changes nothing either.
      const current = (await storage.getRecallSet(set.id))!;
      await storage.saveRecallSet(current);
      expect(await dueCount(set.id, alice)).toBe(1);
    });

    test('the anonymous learner is a learner of its own kind', async () => {
      const set = recallSet({ points: 2 });
      await storage.saveRecallSet(set);
      const point = set.points[0]!.id;
      const anonymous = review(point, { reviewedAt: NOW, due: NOW + 3 * DAY });
      await storage.recordReview(anonymous);
      expect(await dueCount(set.id)).toBe(1);
      // No user id, however it is spelled, reaches the anonymous learner's state.
      for (const userId of ['anonymous', 'null', 'undefined', ' ', uniqueId('user')]) {
        expect(await dueCount(set.id, userId)).toBe(2);
        expect(await storage.getReviewLogs({ pointId: point, userId })).toEqual([]);
      }
      expect(await storage.getReviewLogs({ pointId: point })).toEqual([anonymous.log]);

      // An empty user id would alias it: every learner-taking method refuses it.
      const userId = '';
      const calls = [
        () => storage.listRecallSets({ now: NOW, userId }),
        () => storage.getSchedules({ recallSetId: set.id, userId }),
        () => storage.getDuePoints({ recallSetId: set.id, now: NOW, userId }),
        () => storage.recordReview({ userId, schedule: schedule(NOW), log: reviewLog(point, NOW) }),
        () => storage.getReviewLogs({ pointId: point, userId }),
      ];
      for (const call of calls) await expect(call()).rejects.toThrow(TypeError);
    });
  });
}
