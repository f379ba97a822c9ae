import {
  ConcurrencyError,
  RecallError,
  type SessionEvent,
  type StorageAdapter,
  createMemoryStorage,
  exportSessionLog,
  importSessionLog,
  parseSessionLog,
} from '@recall/core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  eventBuilder,
  messages,
  recallSet,
  reviewLog,
  schedule,
  session,
  uniqueId,
  variedEvents,
} from './fixtures';

/** How the conformance suite reaches one StorageAdapter implementation. */
export interface StorageUnderTest {
  /** Opens the adapter under test; called once, closed after the suite. */
  open: () => Promise<StorageAdapter>;
  /** Opens an independent second adapter on the same database (another node), if possible. */
  openPeer?: () => Promise<StorageAdapter>;
}

/**
 * The StorageAdapter contract, written once and run against every implementation. Tests use
 * fresh ids, so they share one database and never depend on each other's data.
 */
export function describeStorageConformance(name: string, target: StorageUnderTest): void {
  describe(`StorageAdapter conformance: ${name}`, () => {
    let storage: StorageAdapter;
    const opened: StorageAdapter[] = [];
    beforeAll(async () => {
      storage = await target.open();
      opened.push(storage);
    });
    afterAll(async () => {
      await Promise.all(opened.map((adapter) => adapter.close()));
    });

    describe('event log', () => {
      test('an unknown session has an empty log', async () => {
        const sessionId = uniqueId('sess');
        expect(await storage.read(sessionId)).toEqual([]);
        expect(await storage.lastSeq(sessionId)).toBe(0);
      });

      test('append stores events in order with gapless seqs and returns them', async () => {
        const sessionId = uniqueId('sess');
        const events = variedEvents(sessionId);
        const result = await storage.append(sessionId, events.slice(0, 2), { expectedSeq: 0 });
        expect(result).toEqual({ status: 'appended', events: events.slice(0, 2) });
        await storage.append(sessionId, events.slice(2), { expectedSeq: 2 });
        expect(await storage.read(sessionId)).toEqual(events);
        expect((await storage.read(sessionId)).map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
        expect(await storage.lastSeq(sessionId)).toBe(6);
      });

      test('seqs are assigned from expectedSeq + 1, whatever the events carried', async () => {
        const sessionId = uniqueId('sess');
        const [event] = messages(sessionId, 41, 1);
        const result = await storage.append(sessionId, [event!], { expectedSeq: 0 });
        expect(result.events[0]?.seq).toBe(1);
        expect((await storage.read(sessionId))[0]?.seq).toBe(1);
      });

      test('a stale or future expectedSeq throws ConcurrencyError and writes nothing', async () => {
        const sessionId = uniqueId('sess');
        await storage.append(sessionId, messages(sessionId, 0, 3), { expectedSeq: 0 });
        for (const expectedSeq of [1, 5]) {
          const error = await storage
            .append(sessionId, messages(sessionId, expectedSeq, 2), { expectedSeq })
            .catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(ConcurrencyError);
          expect(error).toMatchObject({ code: 'CONCURRENCY_CONFLICT', expectedSeq, actualSeq: 3 });
        }
        expect(await storage.lastSeq(sessionId)).toBe(3);
      });

      test('concurrent appenders: exactly one wins each seq, the other gets ConcurrencyError', async () => {
        const sessionId = uniqueId('sess');
        const rounds = 30;
        for (let n = 0; n < rounds; n += 1) {
          const outcomes = await Promise.allSettled([
            storage.append(sessionId, messages(sessionId, n, 1), { expectedSeq: n }),
            storage.append(sessionId, messages(sessionId, n, 1), { expectedSeq: n }),
          ]);
          const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
          const losers = outcomes.flatMap((outcome) =>
            outcome.status === 'rejected' ? [outcome.reason] : [],
          );
          expect(winners).toHaveLength(1);
          expect(losers).toHaveLength(1);
          expect(losers[0]).toBeInstanceOf(ConcurrencyError);
        }
        const seqs = (await storage.read(sessionId)).map((event) => event.seq);
        expect(seqs).toEqual(Array.from({ length: rounds }, (_, index) => index + 1));
      });

      test('re-appending stored event ids is a duplicate and writes nothing', async () => {
        const sessionId = uniqueId('sess');
        const events = messages(sessionId, 0, 3);
        const first = await storage.append(sessionId, events, { expectedSeq: 0 });
        await storage.append(sessionId, messages(sessionId, 3, 1), { expectedSeq: 3 });
        for (const expectedSeq of [0, 4]) {
          const retry = await storage.append(sessionId, events, { expectedSeq });
          expect(retry).toEqual({ status: 'duplicate', events: first.events });
        }
        const subset = await storage.append(sessionId, events.slice(1, 2), { expectedSeq: 0 });
        expect(subset).toEqual({ status: 'duplicate', events: first.events.slice(1, 2) });
        expect(await storage.lastSeq(sessionId)).toBe(4);
      });

      test('a batch mixing stored and new event ids fails and writes nothing', async () => {
        const sessionId = uniqueId('sess');
        const events = messages(sessionId, 0, 2);
        await storage.append(sessionId, events, { expectedSeq: 0 });
        const mixed = [events[1]!, ...messages(sessionId, 2, 1)];
        await expect(storage.append(sessionId, mixed, { expectedSeq: 2 })).rejects.toMatchObject({
          code: 'INVALID_MESSAGE',
        });
        await expect(storage.append(sessionId, mixed, { expectedSeq: 1 })).rejects.toBeInstanceOf(
          ConcurrencyError,
        );
        expect(await storage.lastSeq(sessionId)).toBe(2);
      });

      test('a batch repeating an event id, or an id stored in another session, is rejected', async () => {
        const sessionId = uniqueId('sess');
        const [event] = messages(sessionId, 0, 1);
        await expect(
          storage.append(sessionId, [event!, { ...event!, seq: 2 }], { expectedSeq: 0 }),
        ).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
        await storage.append(sessionId, [event!], { expectedSeq: 0 });
        const otherSession = uniqueId('sess');
        await expect(
          storage.append(otherSession, [{ ...event!, sessionId: otherSession }], { expectedSeq: 0 }),
        ).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
        expect(await storage.lastSeq(otherSession)).toBe(0);
      });

      test('a resent clientMessageId returns the stored user_message and writes nothing', async () => {
        const sessionId = uniqueId('sess');
        const clientMessageId = uniqueId('cm');
        const first = eventBuilder(sessionId, 0).build('user_message', {
          content: 'first send',
          clientMessageId,
        });
        const stored = await storage.append(sessionId, [first], { expectedSeq: 0 });
        await storage.append(sessionId, messages(sessionId, 1, 2), { expectedSeq: 1 });
        // The resend is a new event (new id) built by a reconnected client, at any expectedSeq.
        for (const expectedSeq of [1, 3]) {
          const resend = eventBuilder(sessionId, expectedSeq).build('user_message', {
            content: 'resent',
            clientMessageId,
          });
          const context = eventBuilder(sessionId, expectedSeq + 1);
          const batch = [resend, context.build('assistant_message', { content: 'x', agent: 'tutor' })];
          expect(await storage.append(sessionId, batch, { expectedSeq })).toEqual({
            status: 'duplicate',
            events: stored.events,
          });
        }
        expect(await storage.lastSeq(sessionId)).toBe(3);
        // Client message ids are per session.
        const otherSession = uniqueId('sess');
        const elsewhere = eventBuilder(otherSession, 0).build('user_message', {
          content: 'same id, other session',
          clientMessageId,
        });
        const result = await storage.append(otherSession, [elsewhere], { expectedSeq: 0 });
        expect(result.status).toBe('appended');
      });

      test('read honours afterSeq and limit', async () => {
        const sessionId = uniqueId('sess');
        const events = messages(sessionId, 0, 10);
        await storage.append(sessionId, events, { expectedSeq: 0 });
        const seqsOf = (list: SessionEvent[]) => list.map((event) => event.seq);
        expect(seqsOf(await storage.read(sessionId, { afterSeq: 3, limit: 4 }))).toEqual([4, 5, 6, 7]);
        expect(seqsOf(await storage.read(sessionId, { afterSeq: 7 }))).toEqual([8, 9, 10]);
        expect(seqsOf(await storage.read(sessionId, { limit: 2 }))).toEqual([1, 2]);
        expect(await storage.read(sessionId, { afterSeq: 10 })).toEqual([]);
        expect(await storage.read(sessionId, { afterSeq: 2, limit: 0 })).toEqual([]);
        expect(await storage.read(sessionId, { afterSeq: 9 })).toEqual([events[9]]);
      });

      test('an empty batch appends nothing but still checks expectedSeq', async () => {
        const sessionId = uniqueId('sess');
        expect(await storage.append(sessionId, [], { expectedSeq: 0 })).toEqual({
          status: 'appended',
          events: [],
        });
        await expect(storage.append(sessionId, [], { expectedSeq: 1 })).rejects.toBeInstanceOf(
          ConcurrencyError,
        );
      });

      test('a 60 KB event round-trips', async () => {
        const sessionId = uniqueId('sess');
        const content = 'ü'.repeat(30_000) + 'x'.repeat(30_000);
        const event = eventBuilder(sessionId).build('assistant_message', { content, agent: 'tutor' });
        await storage.append(sessionId, [event], { expectedSeq: 0 });
        expect(await storage.read(sessionId)).toEqual([event]);
      });
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
        await vi.waitFor(() => expect(first).toHaveLength(6));
        await vi.waitFor(() => expect(second).toHaveLength(2));
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

      if (target.openPeer) {
        const openPeer = target.openPeer;
        test('delivers events appended through another adapter on the same database', async () => {
          const peer = await openPeer();
          opened.push(peer);
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
        expect(result).toEqual({ sessionId, status: 'appended', eventCount: 6 });
        expect(await storage.read(sessionId)).toEqual(await source.read(sessionId));
        // Compared parsed: a jsonb column may store the keys of `data` in another order.
        const exported = await exportSessionLog(storage, sessionId);
        expect(parseSessionLog(exported)).toEqual(parseSessionLog(text));
        expect((await importSessionLog(storage, text)).status).toBe('duplicate');
        await source.close();
      });
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
        await expect(
          storage.recordReview(uniqueId('rp'), next, reviewLog('x', 1)),
        ).rejects.toThrow(/No recall point/);
      });
    });

    describe('sessions', () => {
      test('a saved session reads back equal and saving again replaces it', async () => {
        const recallSetId = uniqueId('rs');
        const saved = session({ recallSetId, userId: uniqueId('user') });
        await storage.saveSession(saved);
        expect(await storage.getSession(saved.id)).toEqual(saved);
        const paused = { ...saved, status: 'paused' as const, pausedAt: 5, recalledPointIds: ['p1'] };
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
        const done = session({ recallSetId, userId, status: 'completed', startedAt: 300, endedAt: 400 });
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
  });
}
