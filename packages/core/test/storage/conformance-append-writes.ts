import type { StorageAdapter } from '@recall/core';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { messages, recallSet, review, session, uniqueId } from './fixtures';

const DAY = 86_400_000;
const NOW = 10 * DAY;

/**
 * Runs inside describeStorageConformance: an append that carries its reviews and session row
 * (`writesWithAppend`), the head an adapter knows without a round trip, and recall sets that
 * may be served from memory (frozen) but never stale after a save, here or on another node.
 */
/**
 * Subscribes (which makes a shared adapter listen for other processes' appends) and waits
 * until the adapter vouches for heads; returns the unsubscribe.
 */
async function listening(storage: StorageAdapter): Promise<() => void> {
  const unsubscribe = storage.subscribe(uniqueId('sess'), 0, () => {});
  await vi.waitFor(
    async () => {
      const sessionId = uniqueId('sess');
      await storage.lastSeq(sessionId);
      expect(storage.knownLastSeq?.(sessionId)).toBe(0);
    },
    { timeout: 10_000 },
  );
  return unsubscribe;
}

export function describeAppendWritesConformance(
  adapter: () => StorageAdapter,
  options: { openPeer?: () => Promise<StorageAdapter>; track: (peer: StorageAdapter) => void },
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

  describe('heads and recall sets from memory', () => {
    test('knownLastSeq is the head after this adapter appended, when it can vouch for it', async () => {
      const sessionId = uniqueId('sess');
      const unsubscribe = await listening(storage);
      await storage.append(sessionId, messages(sessionId, 0, 3), { expectedSeq: 0 });
      expect(storage.knownLastSeq?.(sessionId)).toBe(3);
      unsubscribe();
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

    if (options.openPeer) {
      const openPeer = options.openPeer;
      test('a set saved through another adapter on the same database replaces the cached one', async () => {
        const peer = await openPeer();
        options.track(peer);
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

      test("another adapter's appends move the known head, never leave it stale", async () => {
        const peer = await openPeer();
        options.track(peer);
        const sessionId = uniqueId('sess');
        const unsubscribe = await listening(storage);
        await storage.append(sessionId, messages(sessionId, 0, 2), { expectedSeq: 0 });
        expect(storage.knownLastSeq?.(sessionId)).toBe(2);
        await peer.append(sessionId, messages(sessionId, 2, 3), { expectedSeq: 2 });
        // Its notice moves the head on (a catch-up read follows in the engine).
        await vi.waitFor(() => expect(storage.knownLastSeq?.(sessionId)).toBe(5), {
          timeout: 10_000,
        });
        unsubscribe();
      });
    }
  });
}
