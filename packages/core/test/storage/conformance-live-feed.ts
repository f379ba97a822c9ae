import { type SessionEvent, type StorageAdapter, createMemoryStorage } from '@recall/core';
import { exportSessionLog, importSessionLog, parseSessionLog } from '@recall/core/storage/log';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { eventBuilder, messages, uniqueId, variedEvents } from './fixtures';

/**
 * Runs inside describeStorageConformance; `adapter` returns the adapter under test and
 * `openPeer`, when given, opens a second adapter on the same database (closed by `track`).
 */
export function describeLiveFeedConformance(
  adapter: () => StorageAdapter,
  options: { openPeer?: () => Promise<StorageAdapter>; track: (peer: StorageAdapter) => void },
): void {
  let storage: StorageAdapter;
  beforeEach(() => {
    storage = adapter();
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
        options.track(peer);
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

  describe('JSON Lines', () => {
    test('a log exported from one store imports into this one and exports identically', async () => {
      const sessionId = uniqueId('sess');
      const source = createMemoryStorage();
      await source.append(sessionId, variedEvents(sessionId), { expectedSeq: 0 });
      const text = await exportSessionLog(source, sessionId);
      expect(text.split('\n')).toHaveLength(7);
      const result = await importSessionLog(storage, text);
      // Its session_started predates recorded targets: no session row can be rebuilt.
      expect(result).toEqual({ sessionId, status: 'appended', eventCount: 6, session: null });
      expect(await storage.read(sessionId)).toEqual(await source.read(sessionId));
      // Compared parsed: a jsonb column may store the keys of `data` in another order.
      const exported = await exportSessionLog(storage, sessionId);
      expect(parseSessionLog(exported)).toEqual(parseSessionLog(text));
      expect((await importSessionLog(storage, text)).status).toBe('duplicate');
      await source.close();
    });
  });
}
