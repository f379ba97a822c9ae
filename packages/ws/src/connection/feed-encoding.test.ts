import {
  PUBLIC_EVENT_REDACTIONS,
  type SessionEvent,
  createMemoryStorage,
  redactSessionEvent,
} from '@recall/core';
import { createEventContext, sampleEventData } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { encodeFeedItem } from './session-connection';

/** Every field path of a value (`a.b` for nested objects; arrays are leaves). */
function paths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    paths(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

async function storedLog(): Promise<SessionEvent[]> {
  const storage = createMemoryStorage();
  let id = 0;
  const context = createEventContext({
    clock: () => 1_700_000_000_000,
    ids: () => `e${++id}`,
    turnId: 't1',
    commandId: 'c1',
  });
  const drafts = Object.entries(sampleEventData).map(([type, data]) =>
    context.build(type as 'session_paused', data as never, { responseId: 'r1' }),
  );
  await storage.append('session-1', drafts, { expectedSeq: 0 });
  return storage.read('session-1');
}

describe('the event frame', () => {
  test("deep-equals what storage's read returns, minus exactly the redaction list", async () => {
    const stored = await storedLog();
    expect(stored).toHaveLength(16);
    for (const event of stored) {
      const frame = JSON.parse(encodeFeedItem({ kind: 'event', event }));
      expect(frame.type).toBe('event');
      expect(frame.event).toEqual(redactSessionEvent(event));
      // Exactly the listed paths are missing; everything else is there, as stored.
      const redacted: readonly string[] =
        (PUBLIC_EVENT_REDACTIONS as Record<string, readonly string[]>)[event.type] ?? [];
      const sent = new Set(paths(frame.event));
      const missing = paths(event).filter((path) => !sent.has(path));
      expect(missing.sort()).toEqual(
        paths(event)
          .filter((path) =>
            redacted.some(
              (listed) => path === `data.${listed}` || path.startsWith(`data.${listed}.`),
            ),
          )
          .sort(),
      );
      expect(Object.keys(frame.event)).toEqual(
        expect.arrayContaining([
          'id',
          'sessionId',
          'seq',
          'timestamp',
          'turnId',
          'commandId',
          'responseId',
          'type',
          'data',
        ]),
      );
    }
  });

  test('the redaction list leaves out owner, usage and cost, and the targeting', async () => {
    const text = (await storedLog())
      .map((event) => encodeFeedItem({ kind: 'event', event }))
      .join('\n');
    for (const field of [
      'userId',
      'tokenCount',
      'inputTokens',
      'estimatedCostUsd',
      'judgeUsage',
      'targetPointIds',
    ]) {
      expect(text).not.toContain(`"${field}"`);
    }
  });

  test('an event object is serialized once however many sockets it goes to', async () => {
    const [event] = await storedLog();
    const item = { kind: 'event' as const, event: event! };
    expect(encodeFeedItem(item)).toBe(encodeFeedItem({ kind: 'event', event: event! }));
  });
});

describe('the transient frames', () => {
  test('each delta is its own chunk, in turn and when subscribers take it one after another', () => {
    const chunk = (delta: { sessionId: string; responseId: string; index: number; text: string }) =>
      JSON.parse(encodeFeedItem({ kind: 'delta', delta }));
    const first = { sessionId: 's', responseId: 'r', index: 0, text: 'Which ' };
    const second = { sessionId: 's', responseId: 'r', index: 1, text: 'enzyme?' };
    expect(chunk(first)).toEqual({ type: 'chunk', responseId: 'r', index: 0, text: 'Which ' });
    expect(chunk(first).index).toBe(0);
    expect(chunk(second)).toEqual({ type: 'chunk', responseId: 'r', index: 1, text: 'enzyme?' });
    expect(chunk({ ...first })).toEqual(chunk(first));
    const snapshot = { ...second, snapshot: true as const, text: 'Which enzyme?' };
    expect(chunk(snapshot)).toEqual({
      type: 'chunk',
      responseId: 'r',
      index: 1,
      text: 'Which enzyme?',
      snapshot: true,
    });
    expect(chunk(second).text).toBe('enzyme?');
  });

  test('a delta is a chunk; an engine error an error frame with retryable', () => {
    expect(
      JSON.parse(
        encodeFeedItem({
          kind: 'delta',
          delta: { sessionId: 's', responseId: 'r', index: 2, text: 'hi' },
        }),
      ),
    ).toEqual({ type: 'chunk', responseId: 'r', index: 2, text: 'hi' });
    expect(
      JSON.parse(
        encodeFeedItem({
          kind: 'error',
          error: { code: 'LLM_TIMEOUT', message: 'Slow.', retryable: true, clientMessageId: 'c1' },
        }),
      ),
    ).toEqual({
      type: 'error',
      code: 'LLM_TIMEOUT',
      message: 'Slow.',
      retryable: true,
      clientMessageId: 'c1',
    });
  });
});
