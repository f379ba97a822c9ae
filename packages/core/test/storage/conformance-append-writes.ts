import type { StorageAdapter } from '@recall/core';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { messages, recallSet, review, session, uniqueId } from './fixtures';
import { type PeerOptions, listening } from './conformance-live-feed';

const DAY = 86_400_000;
const NOW = 10 * DAY;

/**
 * What crosses the parts of a StorageAdapter: an append that carries its reviews and session
 * row (`writesWithAppend`), and recall sets served from memory that a save on another node
 * (heard through the event log's live feed) never leaves stale.
 */
export function describeAppendWritesConformance(
  adapter: () => StorageAdapter,
  options: PeerOptions<StorageAdapter> = {},
): void {
  let storage: StorageAdapter;
  beforeEach(() => {
    storage = adapter();
  });

  describe('append with its reviews and session row', () => {
    test('writes the events, the reviews and the row together', async () => {
      expect(storage.writesWithAppend).toBe(true);
      const set = recallSet({ points: 2 });
      await storage.saveRecallSet(set);
      const userId = uniqueId('learner');
      const row = session({ recallSetId: set.id, userId, recalledPointIds: [set.points[0]!.id] });
      const sessionId = row.id;
      const written = review(set.points[0]!.id, { reviewedAt: NOW, due: NOW + 3 * DAY });
      const result = await storage.append(sessionId, messages(sessionId, 0, 2), {
        expectedSeq: 0,
        reviews: [{ userId, ...written }],
        session: row,
      });
      expect(result.status).toBe('appended');
      expect(await storage.lastSeq(sessionId)).toBe(2);
      expect(await storage.getSession(sessionId)).toEqual(row);
      expect(await storage.getReviewLogs({ pointId: set.points[0]!.id, userId })).toEqual([
        written.log,
      ]);
      const schedules = await storage.getSchedules({ recallSetId: set.id, userId });
      expect(schedules.get(set.points[0]!.id)).toEqual(written.schedule);
    });

    test('a conflict or a duplicate writes neither reviews nor row', async () => {
      const set = recallSet({ points: 1 });
      await storage.saveRecallSet(set);
      const userId = uniqueId('learner');
      const sessionId = uniqueId('sess');
      const batch = messages(sessionId, 0, 2);
      await storage.append(sessionId, batch, { expectedSeq: 0 });
      const pointId = set.points[0]!.id;
      const extra = () => ({
        reviews: [{ userId, ...review(pointId, { reviewedAt: NOW, due: NOW + DAY }) }],
        session: session({ recallSetId: set.id, userId, id: sessionId }),
      });
      await expect(
        storage.append(sessionId, messages(sessionId, 0, 1), { expectedSeq: 0, ...extra() }),
      ).rejects.toMatchObject({ code: 'CONCURRENCY_CONFLICT' });
      const duplicate = await storage.append(sessionId, batch, { expectedSeq: 2, ...extra() });
      expect(duplicate.status).toBe('duplicate');
      expect(await storage.getSession(sessionId)).toBeNull();
      expect(await storage.getReviewLogs({ pointId, userId })).toEqual([]);
    });

    test('a review of a point that no longer exists is skipped; the rest is written', async () => {
      const set = recallSet({ points: 1 });
      await storage.saveRecallSet(set);
      const userId = uniqueId('learner');
      const sessionId = uniqueId('sess');
      const kept = review(set.points[0]!.id, { reviewedAt: NOW, due: NOW + DAY });
      const gone = review(uniqueId('deleted-point'), { reviewedAt: NOW, due: NOW + DAY });
      await storage.append(sessionId, messages(sessionId, 0, 1), {
        expectedSeq: 0,
        reviews: [
          { userId, ...gone },
          { userId, ...kept },
        ],
      });
      expect(await storage.lastSeq(sessionId)).toBe(1);
      expect(await storage.getReviewLogs({ pointId: set.points[0]!.id, userId })).toEqual([
        kept.log,
      ]);
      expect(await storage.getReviewLogs({ pointId: gone.log.pointId, userId })).toEqual([]);
    });
  });

  const openPeer = options.openPeer;
  if (openPeer === undefined) return;
  describe('recall sets from memory, across nodes', () => {
    test('a set saved through another adapter on the same database replaces the cached one', async () => {
      const peer = await openPeer();
      const set = recallSet({ points: 2 });
      await peer.saveRecallSet(set);
      // Listening is what lets a shared adapter keep sets in memory.
      const unsubscribe = await listening(storage);
      expect((await storage.getRecallSet(set.id))?.name).toBe(set.name);
      await peer.saveRecallSet({ ...set, name: 'Edited on another node' });
      await vi.waitFor(
        async () =>
          expect((await storage.getRecallSet(set.id))?.name).toBe('Edited on another node'),
        { timeout: 10_000 },
      );
      unsubscribe();
    });
  });
}
