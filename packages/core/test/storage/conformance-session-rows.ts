import type { SessionRowStore } from '@recall/core';
import { beforeEach, describe, expect, test } from 'vitest';
import { session, uniqueId } from './fixtures';

/**
 * The {@link SessionRowStore} contract: rows saved and replaced, the learner's active session,
 * filtered lists. `rows` returns the store under test.
 */
export function describeSessionRowConformance(rows: () => SessionRowStore): void {
  let storage: SessionRowStore;
  beforeEach(() => {
    storage = rows();
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

    test("findActiveSession returns the learner's newest in-progress or paused session", async () => {
      const recallSetId = uniqueId('rs');
      const userId = uniqueId('user');
      expect(await storage.findActiveSession({ recallSetId })).toBeNull();
      const older = session({ recallSetId, userId, status: 'paused', startedAt: 100 });
      const newer = session({ recallSetId, status: 'in_progress', startedAt: 200 });
      const newest = session({ recallSetId, userId, status: 'in_progress', startedAt: 250 });
      const done = session({
        recallSetId,
        userId,
        status: 'completed',
        startedAt: 300,
        endedAt: 400,
      });
      const dropped = session({ recallSetId, status: 'abandoned', startedAt: 500 });
      for (const row of [older, newer, done, dropped]) await storage.saveSession(row);
      // Without a userId: the anonymous learner's session, never a user's.
      expect(await storage.findActiveSession({ recallSetId })).toEqual(newer);
      expect(await storage.findActiveSession({ recallSetId, userId })).toEqual(older);
      expect(await storage.findActiveSession({ recallSetId, userId: uniqueId('user') })).toBeNull();
      // A learner has one active session per set (shared storages enforce it): the older one
      // ends before the newer starts.
      await storage.saveSession({ ...older, status: 'abandoned', endedAt: 240 });
      await storage.saveSession(newest);
      expect(await storage.findActiveSession({ recallSetId, userId })).toEqual(newest);
      expect(await storage.findActiveSession({ recallSetId })).toEqual(newer);
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

    test("the anonymous learner's sessions are the ones stored without a user id", async () => {
      const recallSetId = uniqueId('rs');
      const mine = session({ recallSetId, startedAt: 10 });
      const users = session({ recallSetId, userId: 'anonymous', startedAt: 20 });
      for (const row of [mine, users]) await storage.saveSession(row);
      expect(await storage.findActiveSession({ recallSetId })).toEqual(mine);
      expect(await storage.findActiveSession({ recallSetId, userId: 'anonymous' })).toEqual(users);
      // An empty user id would alias the anonymous learner: it is refused.
      await expect(storage.findActiveSession({ recallSetId, userId: '' })).rejects.toThrow(
        TypeError,
      );
    });
  });
}
