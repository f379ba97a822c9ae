import type { StorageAdapter } from '@recall/core';
import { beforeEach, describe, expect, test } from 'vitest';
import { recallSet, reviewLog, schedule, session, uniqueId } from './fixtures';

/** Runs inside describeStorageConformance; `adapter` returns the adapter under test. */
export function describeModelConformance(adapter: () => StorageAdapter): void {
  let storage: StorageAdapter;
  beforeEach(() => {
    storage = adapter();
  });

  describe('recall sets', () => {
    test('a saved set reads back equal; an unknown id is null', async () => {
      const set = recallSet({ dues: [1000, 2000, 3000], ownerId: uniqueId('user') });
      await storage.saveRecallSet(set);
      expect(await storage.getRecallSet(set.id)).toEqual(set);
      expect(await storage.getRecallSet(uniqueId('rs'))).toBeNull();
    });

    test('saving again replaces the set, its points and its resources', async () => {
      const set = recallSet({ dues: [1000, 2000, 3000] });
      await storage.saveRecallSet(set);
      const replaced = {
        ...set,
        name: 'Renamed',
        points: [{ ...set.points[2]!, content: 'Edited' }, set.points[0]!],
        resources: [{ ...set.resources[0]!, title: 'New notes', links: [] }],
      };
      await storage.saveRecallSet(replaced);
      expect(await storage.getRecallSet(set.id)).toEqual(replaced);
      expect(await storage.getDuePoints(set.id, 10_000)).toHaveLength(2);
    });

    test('due points have due ≤ now, in position order', async () => {
      const set = recallSet({ dues: [1000, 5000, 2000, 9000] });
      await storage.saveRecallSet(set);
      const due = await storage.getDuePoints(set.id, 5000);
      // Positions were assigned in reverse, so position order is the reverse of array order.
      expect(due.map((point) => point.id)).toEqual([
        set.points[2]!.id,
        set.points[1]!.id,
        set.points[0]!.id,
      ]);
      expect(due[0]).toEqual(set.points[2]);
      expect(await storage.getDuePoints(set.id, 999)).toEqual([]);
      expect(await storage.getDuePoints(uniqueId('rs'), 10_000)).toEqual([]);
    });

    test('listRecallSets counts due points and shows own and shared sets by name', async () => {
      const ownerId = uniqueId('user');
      const mine = recallSet({ dues: [1000, 2000, 9000], ownerId, name: 'b mine' });
      const shared = recallSet({ dues: [], name: 'A shared' });
      const theirs = recallSet({ dues: [1000], ownerId: uniqueId('user'), name: 'c theirs' });
      for (const set of [mine, shared, theirs]) await storage.saveRecallSet(set);
      const ids = new Set([mine.id, shared.id, theirs.id]);
      const listed = (await storage.listRecallSets({ now: 2000, ownerId })).filter((summary) =>
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
      const everyone = await storage.listRecallSets({ now: 2000 });
      expect(everyone.filter((summary) => ids.has(summary.id))).toHaveLength(3);
    });

    test('recordReview updates the schedule and appends one log per log id', async () => {
      const set = recallSet({ dues: [1000, 2000] });
      await storage.saveRecallSet(set);
      const point = set.points[1]!;
      const first = reviewLog(point.id, 50_000);
      const second = reviewLog(point.id, 40_000);
      const next = schedule(900_000, { reps: 3, stability: 7.125 });
      await storage.recordReview(point.id, schedule(500_000), first);
      await storage.recordReview(point.id, next, second);
      await storage.recordReview(point.id, next, second);
      expect(await storage.getReviewLogs(point.id)).toEqual([first, second]);
      const stored = (await storage.getRecallSet(set.id))!.points[1]!;
      expect(stored.schedule).toEqual(next);
      expect(stored.updatedAt).toBe(40_000);
      expect(await storage.getDuePoints(set.id, 800_000)).toEqual([set.points[0]]);
      expect(await storage.getReviewLogs(uniqueId('rp'))).toEqual([]);
      await expect(storage.recordReview(uniqueId('rp'), next, reviewLog('x', 1))).rejects.toThrow(
        /No recall point/,
      );
    });
  });

  describe('sessions', () => {
    test('a saved session reads back equal and saving again replaces it', async () => {
      const recallSetId = uniqueId('rs');
      const saved = session({ recallSetId, userId: uniqueId('user') });
      await storage.saveSession(saved);
      expect(await storage.getSession(saved.id)).toEqual(saved);
      const paused = {
        ...saved,
        status: 'paused' as const,
        pausedAt: 5,
        recalledPointIds: ['p1'],
      };
      await storage.saveSession(paused);
      expect(await storage.getSession(saved.id)).toEqual(paused);
      expect(await storage.getSession(uniqueId('sess'))).toBeNull();
    });

    test('findActiveSession returns the newest in-progress or paused session', async () => {
      const recallSetId = uniqueId('rs');
      const userId = uniqueId('user');
      expect(await storage.findActiveSession(recallSetId)).toBeNull();
      const older = session({ recallSetId, userId, status: 'paused', startedAt: 100 });
      const newer = session({ recallSetId, status: 'in_progress', startedAt: 200 });
      const done = session({
        recallSetId,
        userId,
        status: 'completed',
        startedAt: 300,
        endedAt: 400,
      });
      const dropped = session({ recallSetId, status: 'abandoned', startedAt: 500 });
      for (const row of [older, newer, done, dropped]) await storage.saveSession(row);
      expect(await storage.findActiveSession(recallSetId)).toEqual(newer);
      expect(await storage.findActiveSession(recallSetId, { userId })).toEqual(older);
      expect(await storage.findActiveSession(recallSetId, { userId: uniqueId('user') })).toBeNull();
    });

    test('listSessions filters by set, user and status, newest first', async () => {
      const recallSetId = uniqueId('rs');
      const userId = uniqueId('user');
      const rows = [
        session({ recallSetId, userId, status: 'completed', startedAt: 10 }),
        session({ recallSetId, userId, status: 'in_progress', startedAt: 30 }),
        session({ recallSetId, status: 'completed', startedAt: 20 }),
      ];
      for (const row of rows) await storage.saveSession(row);
      expect(await storage.listSessions({ recallSetId })).toEqual([rows[1], rows[2], rows[0]]);
      expect(await storage.listSessions({ recallSetId, userId })).toEqual([rows[1], rows[0]]);
      expect(await storage.listSessions({ userId, status: 'completed' })).toEqual([rows[0]]);
    });
  });
}
