import type { EventLogStore, SessionEvent } from '@recall/core';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { eventBuilder, messages, uniqueId, variedEvents } from './fixtures';

/**
 * Subscribes (which makes a shared adapter listen for other processes' appends) and waits
 * until the adapter vouches for heads; returns the unsubscribe.
 */
export async function listening(storage: EventLogStore): Promise<() => void> {
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

/** Opens a second store on the same database (another node); the caller closes it. */
export interface PeerOptions<Part> {
  openPeer?: () => Promise<Part>;
}

/**
 * The {@link EventLogStore} contract's live side: `subscribe` and `knownLastSeq`, across
 * nodes when `openPeer` is given. `log` returns the store under test.
 */
export function describeLiveFeedConformance(
  log: () => EventLogStore,
  options: PeerOptions<EventLogStore> = {},
): void {
  let storage: EventLogStore;
  beforeEach(() => {
    storage = log();
  });

  describe('subscribe', () => {
    test('catches up after afterSeq, then delivers live appends in order exactly once', async () => {
      const sessionId = uniqueId('sess');
      await storage.append(sessionId, messages(sessionId, 0, 5), { expectedSeq: 0 });
      const received: number[] = [];
      const unsubscribe = storage.subscribe(sessionId, 2, (event) => received.push(event.seq));
      let seq = 5;
      while (seq < 1000) {
        const size = Math.min(1 + (seq % 20), 1000 - seq);
        await storage.append(sessionId, messages(sessionId, seq, size), { expectedSeq: seq });
        seq += size;
      }
      await vi.waitFor(() => expect(received).toHaveLength(998), { timeout: 10_000 });
      expect(received).toEqual(Array.from({ length: 998 }, (_, index) => index + 3));
      unsubscribe();
      await storage.append(sessionId, messages(sessionId, 1000, 1), { expectedSeq: 1000 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toHaveLength(998);
    });

    test('delivers full events, keeps going when a listener throws, and serves several subscribers', async () => {
      const sessionId = uniqueId('sess');
      const events = variedEvents(sessionId);
      const first: SessionEvent[] = [];
      const second: SessionEvent[] = [];
      const unsubscribeFirst = storage.subscribe(sessionId, 0, (event) => {
        first.push(event);
        throw new Error('listener failure');
      });
      const unsubscribeSecond = storage.subscribe(sessionId, 4, (event) => second.push(event));
      await storage.append(sessionId, events.slice(0, 3), { expectedSeq: 0 });
      await storage.append(sessionId, events.slice(3), { expectedSeq: 3 });
      await vi.waitFor(() => expect(first).toHaveLength(6), { timeout: 10_000 });
      await vi.waitFor(() => expect(second).toHaveLength(2), { timeout: 10_000 });
      expect(first).toEqual(events);
      expect(second).toEqual(events.slice(4));
      unsubscribeFirst();
      unsubscribeSecond();
    });

    test('an unsubscribe before catch-up runs delivers nothing', async () => {
      const sessionId = uniqueId('sess');
      await storage.append(sessionId, messages(sessionId, 0, 3), { expectedSeq: 0 });
      const received: SessionEvent[] = [];
      const unsubscribe = storage.subscribe(sessionId, 0, (event) => received.push(event));
      unsubscribe();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toEqual([]);
    });

    if (options.openPeer) {
      const openPeer = options.openPeer;
      test('delivers events appended through another adapter on the same database', async () => {
        const peer = await openPeer();
        const sessionId = uniqueId('sess');
        const received: number[] = [];
        const unsubscribe = storage.subscribe(sessionId, 0, (event) => received.push(event.seq));
        for (let seq = 0; seq < 100; seq += 10) {
          await peer.append(sessionId, messages(sessionId, seq, 10), { expectedSeq: seq });
        }
        const large = eventBuilder(sessionId, 100).build('assistant_message', {
          content: 'y'.repeat(60_000),
          agent: 'tutor',
        });
        await peer.append(sessionId, [large], { expectedSeq: 100 });
        await vi.waitFor(() => expect(received).toHaveLength(101), { timeout: 10_000 });
        expect(received).toEqual(Array.from({ length: 101 }, (_, index) => index + 1));
        unsubscribe();
      });
    }
  });

  describe('known head', () => {
    test('knownLastSeq is the head after this adapter appended, when it can vouch for it', async () => {
      const sessionId = uniqueId('sess');
      const unsubscribe = await listening(storage);
      await storage.append(sessionId, messages(sessionId, 0, 3), { expectedSeq: 0 });
      expect(storage.knownLastSeq?.(sessionId)).toBe(3);
      unsubscribe();
    });

    if (options.openPeer) {
      const openPeer = options.openPeer;
      test("another adapter's appends move the known head, never leave it stale", async () => {
        const peer = await openPeer();
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

      test('appends committed side by side (announced after commit, many per statement) all reach another process', async () => {
        const reader = storage;
        const writer = await openPeer();
        const sessions = Array.from({ length: 40 }, () => uniqueId('sess'));
        const received = new Map<string, number[]>(sessions.map((sessionId) => [sessionId, []]));
        const stops = sessions.map((sessionId) =>
          reader.subscribe(sessionId, 0, (event) => received.get(sessionId)!.push(event.seq)),
        );
        try {
          // The reader listens before the burst.
          await vi.waitFor(
            async () => {
              await reader.lastSeq(sessions[0]!);
              expect(reader.knownLastSeq?.(sessions[0]!)).toBe(0);
            },
            { timeout: 10_000 },
          );
          // 40 sessions × 5 appends, all in flight together: most are announced after commit.
          for (let round = 0; round < 5; round += 1) {
            await Promise.all(
              sessions.map((sessionId) =>
                writer.append(sessionId, messages(sessionId, round * 2, 2), {
                  expectedSeq: round * 2,
                }),
              ),
            );
          }
          await vi.waitFor(
            () => {
              for (const seqs of received.values()) {
                expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
              }
            },
            { timeout: 15_000 },
          );
          // The reader's notion of each head followed the notices.
          expect(sessions.map((sessionId) => reader.knownLastSeq?.(sessionId))).toEqual(
            sessions.map(() => 10),
          );
        } finally {
          for (const stop of stops) stop();
        }
      }, 30_000);
    }
  });
}
