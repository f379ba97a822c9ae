import { describe, expect, test } from 'vitest';
import {
  SESSION_EVENT_TYPES,
  type SessionEventData,
  type SessionEventType,
  sessionEventDataSchemas,
} from './catalog';
import { type SessionEvent, sessionEventSchema } from './envelope';
import { createFixtureLog } from '../testing/fixture-log';
import { parseSessionEvent } from './parse-session-event';
import { sampleEventData as sampleData } from '../testing/event-fixtures';

/** The catalog as the issue lists it; the test fails when a type is added or removed. */
const EXPECTED_TYPES = [
  'session_started',
  'session_paused',
  'session_complete_overlay',
  'session_completed',
  'recall_point_recalled',
  'recall_point_near_miss',
  'rabbithole_detected',
  'rabbithole_entered',
  'rabbithole_exited',
  'rabbithole_declined',
  'show_image',
  'show_resource',
  'user_message',
  'assistant_message',
  'assistant_streaming_start',
  'assistant_streaming_end',
];

function buildSampleEvent(type: SessionEventType): SessionEvent {
  const log = createFixtureLog({ ids: () => 'event-42' });
  // The generic append() cannot correlate type and data through a loop variable.
  return log.append(
    type as 'session_paused',
    sampleData[type] as SessionEventData<'session_paused'>,
    { turnId: 'turn-1', responseId: 'resp-1' },
  ) as SessionEvent;
}

describe('event catalog', () => {
  test('lists exactly the 16 event types', () => {
    expect(SESSION_EVENT_TYPES).toHaveLength(16);
    expect([...SESSION_EVENT_TYPES].sort()).toEqual([...EXPECTED_TYPES].sort());
    expect(Object.keys(sessionEventDataSchemas).sort()).toEqual([...EXPECTED_TYPES].sort());
    expect(new Set(SESSION_EVENT_TYPES).size).toBe(SESSION_EVENT_TYPES.length);
  });

  test('has no removed legacy types', () => {
    for (const legacy of [
      'point_started',
      'point_evaluated',
      'point_completed',
      'evaluation_result',
    ]) {
      expect(SESSION_EVENT_TYPES).not.toContain(legacy);
      expect(
        parseSessionEvent({ ...buildSampleEvent('session_paused'), type: legacy }),
      ).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_MESSAGE_TYPE' },
      });
    }
  });

  test.each(SESSION_EVENT_TYPES)('%s round-trips through its schema and JSON', (type) => {
    const event = buildSampleEvent(type);
    expect(sessionEventSchema.parse(event)).toEqual(event);
    const fromJson = parseSessionEvent(JSON.parse(JSON.stringify(event)));
    expect(fromJson).toEqual({ ok: true, event });
    expect(sessionEventDataSchemas[type].parse(sampleData[type])).toEqual(sampleData[type]);
  });

  test.each(SESSION_EVENT_TYPES)('%s rejects empty data, naming a data field', (type) => {
    const result = parseSessionEvent({ ...buildSampleEvent(type), data: {} });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_MESSAGE');
    expect(result.error.message).toMatch(/^data\.\w+/);
  });

  test('drops data fields outside the schema', () => {
    const event = buildSampleEvent('rabbithole_declined');
    const result = parseSessionEvent({ ...event, data: { ...event.data, extra: 'x' } });
    expect(result).toEqual({ ok: true, event });
  });

  test('enforces field constraints', () => {
    const invalid: Array<[SessionEventType, Record<string, unknown>]> = [
      ['user_message', { content: '' }],
      ['recall_point_recalled', { ...sampleData.recall_point_recalled, recalledCount: -1 }],
      ['recall_point_recalled', { ...sampleData.recall_point_recalled, pointIndex: 1.5 }],
      ['show_resource', { ...sampleData.show_resource, snippet: 'x'.repeat(241) }],
      ['assistant_message', { content: 'hi', agent: 'narrator' }],
      ['rabbithole_detected', { ...sampleData.rabbithole_detected, label: '' }],
      ['session_started', { ...sampleData.session_started, resumed: 'no' }],
    ];
    for (const [type, data] of invalid) {
      expect(
        sessionEventDataSchemas[type].safeParse(data).success,
        `${type} ${JSON.stringify(data)}`,
      ).toBe(false);
    }
  });

  test('rejects a malformed envelope', () => {
    const event = buildSampleEvent('session_paused');
    for (const broken of [
      { ...event, seq: 0 },
      { ...event, seq: 1.5 },
      { ...event, id: '' },
      { ...event, sessionId: undefined },
      { ...event, timestamp: -1 },
      { ...event, turnId: '' },
    ]) {
      expect(parseSessionEvent(broken)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_MESSAGE' },
      });
    }
  });

  test('parseSessionEvent never throws on non-objects', () => {
    for (const value of [null, undefined, 42, 'session_started', [], [{}], Symbol('x'), 10n]) {
      expect(parseSessionEvent(value)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_MESSAGE' },
      });
    }
  });
});
