import { describe, expect, expectTypeOf, test } from 'vitest';
import type * as z from 'zod';
import { createMemoryStorage } from '../storage/memory/memory-storage';
import { buildSampleEvent, sampleEventData } from '../testing/event-fixtures';
import { redactSessionEvent } from '../engine/runtime';
import { createEventContext } from '../engine/turn';
import { SESSION_EVENT_TYPES } from './catalog';
import {
  type ContextEnvelopeFields,
  contextEnvelopeSchema,
  type EventEnvelopeFields,
  eventEnvelopeSchema,
  PUBLIC_EVENT_REDACTIONS,
  type PublicSessionEventData,
  type SessionEvent,
} from './envelope';
import { parseSessionEvent } from './parse-session-event';

function counterIds(prefix: string) {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

describe('createEventContext', () => {
  test('stamps clock and ids, and leaves sessionId and seq to the storage append', async () => {
    let now = 1_000;
    const context = createEventContext({ clock: () => now++, ids: counterIds('event') });
    const events = [
      context.build('user_message', { content: 'one' }),
      context.build('recall_point_near_miss', { pointId: 'p1', feedback: 'close' }),
      context.build('session_paused', { sessionId: 'session-9', recalledCount: 0, totalPoints: 3 }),
    ];
    expect(events.map((event) => event.id)).toEqual(['event-1', 'event-2', 'event-3']);
    expect(events.map((event) => event.timestamp)).toEqual([1_000, 1_001, 1_002]);
    for (const event of events) {
      expect('seq' in event || 'sessionId' in event).toBe(false);
    }
    const storage = createMemoryStorage();
    await storage.append('session-9', events.slice(0, 1), { expectedSeq: 0 });
    const { events: stored } = await storage.append('session-9', events.slice(1), {
      expectedSeq: 1,
    });
    expect(stored.map((event) => [event.sessionId, event.seq])).toEqual([
      ['session-9', 2],
      ['session-9', 3],
    ]);
    for (const event of await storage.read('session-9')) {
      expect(parseSessionEvent(event).ok).toBe(true);
    }
  });

  test('stamps the turn id on every event and the response id when given', () => {
    const context = createEventContext({
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
    expect(start).toMatchObject({ turnId: 'turn-3', responseId: 'resp-1' });
  });

  test('omits turnId and responseId keys entirely when absent', () => {
    const context = createEventContext({
      clock: () => 5,
      ids: counterIds('e'),
    });
    const event = context.build('user_message', { content: 'hi' });
    expect(Object.keys(event).sort()).toEqual(['data', 'id', 'timestamp', 'type']);
    expect(context.turnId).toBeUndefined();
  });

  test('stamps the command id on every event when given; parsing keeps it', () => {
    const context = createEventContext({
      clock: () => 5,
      ids: counterIds('e'),
      turnId: 'turn-1',
      commandId: 'cmd-1',
    });
    const events = [
      context.build('rabbithole_declined', { rabbitholeEventId: 'rh', topic: 'tides' }),
      context.build('session_paused', { sessionId: 's', recalledCount: 0, totalPoints: 1 }),
    ];
    for (const [index, event] of events.entries()) {
      expect(event).toMatchObject({ turnId: 'turn-1', commandId: 'cmd-1' });
      const stored = { ...event, sessionId: 's', seq: index + 1 };
      expect(parseSessionEvent(stored)).toEqual({ ok: true, event: stored });
    }
    const plain = createEventContext({
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
      clock: () => 5,
      ids: () => 'x',
    }).build('user_message', { content: 'hi' });
    const stored = { ...event, sessionId: 's', seq: 1 };
    expect(parseSessionEvent(stored).ok).toBe(true);
    expect(parseSessionEvent({ ...stored, commandId: '' }).ok).toBe(false);
  });
});

function paths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    paths(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

describe('redactSessionEvent', () => {
  test('the redaction list: owner, usage and cost, the engine’s targeting', () => {
    expect(PUBLIC_EVENT_REDACTIONS).toEqual({
      session_started: ['userId', 'targetPointIds'],
      user_message: ['tokenCount'],
      assistant_message: [
        'tokenCount',
        'usage',
        'judgeUsage',
        'attemptedPointIds',
        'askedPointId',
        'reaskedPointId',
      ],
      recall_point_recalled: ['exposure', 'peakExposure'],
      session_completed: ['summary.usage', 'summary.estimatedCostUsd'],
    });
  });

  test.each(SESSION_EVENT_TYPES)(
    '%s: drops exactly the listed fields and keeps the rest as stored',
    (type) => {
      const stored = buildSampleEvent(type, 6);
      const withTargets =
        type === 'session_started'
          ? { ...stored, data: { ...stored.data, targetPointIds: ['p1'], userId: 'user-1' } }
          : stored;
      const event = Object.freeze(structuredClone(withTargets)) as SessionEvent;
      const redacted = redactSessionEvent(event);
      const listed: readonly string[] =
        (PUBLIC_EVENT_REDACTIONS as Record<string, readonly string[]>)[type] ?? [];
      const kept = paths(event.data).filter(
        (path) =>
          !listed.some((listedPath) => path === listedPath || path.startsWith(`${listedPath}.`)),
      );
      expect(paths(redacted.data).sort()).toEqual(kept.sort());
      const { data: _data, ...envelope } = event;
      const { data: _redactedData, ...redactedEnvelope } = redacted;
      expect(redactedEnvelope).toEqual(envelope);
      // Everything the client gets is still a valid stored event.
      expect(parseSessionEvent(redacted).ok).toBe(true);
      expect(event).toEqual(withTargets);
    },
  );

  test('an event with nothing to redact is passed through', () => {
    const event = buildSampleEvent('recall_point_near_miss');
    expect(redactSessionEvent(event)).toBe(event);
    expect(sampleEventData.recall_point_near_miss).toEqual(event.data);
  });

  test('the public types lack the redacted fields', () => {
    expectTypeOf<keyof PublicSessionEventData<'session_started'>>().toEqualTypeOf<
      'sessionId' | 'recallSetId' | 'recallSetName' | 'totalPoints' | 'recalledCount' | 'resumed'
    >();
    expectTypeOf<keyof PublicSessionEventData<'assistant_message'>>().toEqualTypeOf<
      'content' | 'agent' | 'interrupted'
    >();
    expectTypeOf<keyof PublicSessionEventData<'session_completed'>['summary']>().toEqualTypeOf<
      | 'sessionId'
      | 'recalledCount'
      | 'totalPoints'
      | 'durationMs'
      | 'rabbitholeCount'
      | 'recalledPointIds'
    >();
  });
});
