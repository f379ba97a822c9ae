import { describe, expect, expectTypeOf, test } from 'vitest';
import type * as z from 'zod';
import { parseSessionEvent } from './parse-session-event';
import { createEventContext } from './event-context';
import {
  type ContextEnvelopeFields,
  type EventEnvelopeFields,
  contextEnvelopeSchema,
  eventEnvelopeSchema,
} from './envelope';

function counterIds(prefix: string) {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

describe('createEventContext', () => {
  test('builds gapless seqs after lastSeq, stamping session, clock and ids', () => {
    let now = 1_000;
    const context = createEventContext({
      sessionId: 'session-9',
      lastSeq: 7,
      clock: () => now++,
      ids: counterIds('event'),
    });
    expect(context.nextSeq).toBe(8);
    const events = [
      context.build('user_message', { content: 'one' }),
      context.build('recall_point_near_miss', { pointId: 'p1', feedback: 'close' }),
      context.build('session_paused', { sessionId: 'session-9', recalledCount: 0, totalPoints: 3 }),
    ];
    expect(events.map((event) => event.seq)).toEqual([8, 9, 10]);
    expect(events.map((event) => event.id)).toEqual(['event-1', 'event-2', 'event-3']);
    expect(events.map((event) => event.timestamp)).toEqual([1_000, 1_001, 1_002]);
    expect(events.every((event) => event.sessionId === 'session-9')).toBe(true);
    expect(context.nextSeq).toBe(11);
    for (const event of events) expect(parseSessionEvent(event).ok).toBe(true);
  });

  test('starts at seq 1 for an empty log', () => {
    const context = createEventContext({
      sessionId: 's',
      lastSeq: 0,
      clock: () => 0,
      ids: counterIds('e'),
    });
    expect(context.build('user_message', { content: 'hi' }).seq).toBe(1);
  });

  test('stamps the turn id on every event and the response id when given', () => {
    const context = createEventContext({
      sessionId: 's',
      lastSeq: 0,
      clock: () => 5,
      ids: counterIds('e'),
      turnId: 'turn-3',
    });
    expect(context.turnId).toBe('turn-3');
    const user = context.build('user_message', { content: 'hi' });
    const start = context.build(
      'assistant_streaming_start',
      { responseId: 'resp-1', agent: 'tutor' },
      { responseId: 'resp-1' },
    );
    expect(user.turnId).toBe('turn-3');
    expect('responseId' in user).toBe(false);
    expect(start).toMatchObject({ turnId: 'turn-3', responseId: 'resp-1', seq: 2 });
  });

  test('omits turnId and responseId keys entirely when absent', () => {
    const context = createEventContext({
      sessionId: 's',
      lastSeq: 0,
      clock: () => 5,
      ids: counterIds('e'),
    });
    const event = context.build('user_message', { content: 'hi' });
    expect(Object.keys(event).sort()).toEqual([
      'data',
      'id',
      'seq',
      'sessionId',
      'timestamp',
      'type',
    ]);
    expect(context.turnId).toBeUndefined();
  });

  test('contexts are independent', () => {
    const options = { sessionId: 's', lastSeq: 3, clock: () => 0, ids: counterIds('e') };
    const first = createEventContext(options);
    const second = createEventContext(options);
    first.build('user_message', { content: 'a' });
    first.build('user_message', { content: 'b' });
    expect(second.build('user_message', { content: 'c' }).seq).toBe(4);
    expect(first.nextSeq).toBe(6);
  });

  test('stamps the command id on every event when given; parsing keeps it', () => {
    const context = createEventContext({
      sessionId: 's',
      lastSeq: 0,
      clock: () => 5,
      ids: counterIds('e'),
      turnId: 'turn-1',
      commandId: 'cmd-1',
    });
    const events = [
      context.build('rabbithole_declined', { rabbitholeEventId: 'rh', topic: 'tides' }),
      context.build('session_paused', { sessionId: 's', recalledCount: 0, totalPoints: 1 }),
    ];
    for (const event of events) {
      expect(event).toMatchObject({ turnId: 'turn-1', commandId: 'cmd-1' });
      expect(parseSessionEvent(event)).toEqual({ ok: true, event });
    }
    const plain = createEventContext({
      sessionId: 's',
      lastSeq: 0,
      clock: () => 5,
      ids: () => 'x',
    });
    expect('commandId' in plain.build('user_message', { content: 'hi' })).toBe(false);
  });
});

describe('the envelope schema', () => {
  test('is the one definition: the envelope type is inferred from it', () => {
    expectTypeOf<EventEnvelopeFields>().toEqualTypeOf<z.infer<typeof eventEnvelopeSchema>>();
    expectTypeOf<ContextEnvelopeFields>().toEqualTypeOf<{ turnId?: string; commandId?: string }>();
    expect(Object.keys(eventEnvelopeSchema.shape)).toEqual([
      'id',
      'sessionId',
      'seq',
      'timestamp',
      'turnId',
      'commandId',
      'responseId',
    ]);
    expect(Object.keys(eventEnvelopeSchema.shape)).toEqual(
      expect.arrayContaining(Object.keys(contextEnvelopeSchema.shape)),
    );
  });

  test('rejects an empty command id', () => {
    const event = createEventContext({
      sessionId: 's',
      lastSeq: 0,
      clock: () => 5,
      ids: () => 'x',
    }).build('user_message', { content: 'hi' });
    expect(parseSessionEvent({ ...event, commandId: '' }).ok).toBe(false);
  });
});
