import { ConcurrencyError, type EventLogStore, type SessionEvent } from '@recall/core';
import { beforeEach, describe, expect, test } from 'vitest';
import { eventBuilder, messages, uniqueId, variedEvents } from './fixtures';

/**
 * The {@link EventLogStore} contract's append and read: `log` returns the store under test
 * (opened by the caller, in a `beforeAll`). Run by describeStorageConformance, or on its own
 * against an event log implemented apart.
 */
export function describeEventLogConformance(log: () => EventLogStore): void {
  describe('event log', () => {
    let storage: EventLogStore;
    beforeEach(() => {
      storage = log();
    });

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
        storage.append(otherSession, [event!], { expectedSeq: 0 }),
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
        const batch = [
          resend,
          context.build('assistant_message', { content: 'x', agent: 'tutor' }),
        ];
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
      expect(seqsOf(await storage.read(sessionId, { afterSeq: 3, limit: 4 }))).toEqual([
        4, 5, 6, 7,
      ]);
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
      const event = eventBuilder(sessionId).build('assistant_message', {
        content,
        agent: 'tutor',
      });
      await storage.append(sessionId, [event], { expectedSeq: 0 });
      expect(await storage.read(sessionId)).toEqual([event]);
    });

    test('envelope fields beyond the fixed ones round-trip (append, read, duplicate, subscribe)', async () => {
      const sessionId = uniqueId('sess');
      const context = eventBuilder(sessionId, 0, uniqueId('turn'));
      // commandId is a declared envelope field; traceId stands for one added by a later version.
      const event = {
        ...context.build('rabbithole_declined', { rabbitholeEventId: 'rh_1', topic: 'tides' }),
        commandId: uniqueId('cmd'),
        traceId: uniqueId('trace'),
      } as SessionEvent;
      const plain = context.build('user_message', { content: 'no extra fields' });
      const appended = await storage.append(sessionId, [event, plain], { expectedSeq: 0 });
      expect(appended.events).toEqual([event, plain]);
      expect(await storage.read(sessionId)).toEqual([event, plain]);
      expect(Object.keys((await storage.read(sessionId))[1]!)).not.toContain('commandId');
      const again = await storage.append(sessionId, [event, plain], { expectedSeq: 2 });
      expect(again).toEqual({ status: 'duplicate', events: [event, plain] });
      const received = await new Promise<SessionEvent>((resolve) => {
        const unsubscribe = storage.subscribe(sessionId, 0, (delivered) => {
          unsubscribe();
          resolve(delivered);
        });
      });
      expect(received).toEqual(event);
    });
  });
}
