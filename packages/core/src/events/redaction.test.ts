import { describe, expect, expectTypeOf, test } from 'vitest';
import { buildSampleEvent, sampleEventData } from '../testing/event-fixtures';
import { SESSION_EVENT_TYPES } from './catalog';
import type { SessionEvent } from './envelope';
import { parseSessionEvent } from './parse-session-event';
import {
  PUBLIC_EVENT_REDACTIONS,
  type PublicSessionEventData,
  redactSessionEvent,
} from './redaction';

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
