import { describe, expect, test } from 'vitest';
import { sampleServerMessages } from '../../test/fixtures/server-messages';
import { type ClientMessage, clientMessageSchema, clientMessageSchemas } from './client-messages';
import { PUBLIC_EVENT_REDACTIONS, SESSION_EVENT_TYPES, redactSessionEvent } from '@recall/core';
import { buildSampleEvent } from '@recall/core/testing';
import { CLIENT_MESSAGE_TYPES, SERVER_MESSAGE_TYPES } from './message-types';
import { parseClientMessage } from './client-messages';
import { parseServerMessage } from './parse-server-message';
import { serverMessageSchema, serverMessageSchemas } from './server-messages';

const sampleClientMessages: ClientMessage[] = [
  { type: 'user_message', content: 'The powerhouse of the cell.', clientMessageId: 'c-1' },
  { type: 'user_message', content: 'no id' },
  { type: 'leave_session', clientMessageId: 'c-2' },
  {
    type: 'enter_rabbithole',
    rabbitholeEventId: 'rh-1',
    topic: 'Mito DNA',
    clientMessageId: 'c-3',
  },
  { type: 'exit_rabbithole' },
  { type: 'decline_rabbithole', clientMessageId: 'c-4' },
  { type: 'dismiss_overlay' },
  { type: 'ping', clientMessageId: 'c-5' },
];

describe('client → server messages', () => {
  test('are exactly the seven types', () => {
    expect([...CLIENT_MESSAGE_TYPES].sort()).toEqual(
      [
        'user_message',
        'leave_session',
        'enter_rabbithole',
        'exit_rabbithole',
        'decline_rabbithole',
        'dismiss_overlay',
        'ping',
      ].sort(),
    );
    expect(Object.keys(clientMessageSchemas).sort()).toEqual([...CLIENT_MESSAGE_TYPES].sort());
    expect(new Set(sampleClientMessages.map((message) => message.type))).toEqual(
      new Set(CLIENT_MESSAGE_TYPES),
    );
  });

  test.each(sampleClientMessages)(
    '$type round-trips through the schema and the parser',
    (message) => {
      expect(clientMessageSchema.parse(message)).toEqual(message);
      expect(clientMessageSchemas[message.type].parse(message)).toEqual(message);
      expect(parseClientMessage(JSON.stringify(message))).toEqual({ ok: true, message });
      expect(parseClientMessage(message)).toEqual({ ok: true, message });
    },
  );
});

describe('server → client frames', () => {
  test('are the log (`event`) and five transient frames', () => {
    expect([...SERVER_MESSAGE_TYPES].sort()).toEqual(
      ['ack', 'chunk', 'error', 'event', 'history_end', 'pong'].sort(),
    );
    expect(Object.keys(serverMessageSchemas).sort()).toEqual([...SERVER_MESSAGE_TYPES].sort());
    expect(Object.keys(sampleServerMessages).sort()).toEqual([...SERVER_MESSAGE_TYPES].sort());
  });

  test.each(SERVER_MESSAGE_TYPES)('%s round-trips through the schema and the parser', (type) => {
    const message = sampleServerMessages[type];
    expect(serverMessageSchema.parse(message)).toEqual(message);
    expect(parseServerMessage(JSON.stringify(message))).toEqual({ ok: true, message });
  });

  test.each(SESSION_EVENT_TYPES)(
    'an event frame carries a %s as stored, minus the redacted fields',
    (type) => {
      const stored = buildSampleEvent(type, 3);
      const frame = { type: 'event', event: redactSessionEvent(stored) };
      expect(parseServerMessage(JSON.stringify(frame))).toEqual({ ok: true, message: frame });
      const redacted: readonly string[] =
        (PUBLIC_EVENT_REDACTIONS as Record<string, readonly string[]>)[type] ?? [];
      // A field the list redacts is not part of the wire schema: it is dropped if sent.
      const leaked = parseServerMessage({ type: 'event', event: stored });
      expect(leaked.ok).toBe(true);
      if (leaked.ok && leaked.message.type === 'event') {
        for (const path of redacted.filter((path) => !path.includes('.'))) {
          expect(leaked.message.event.data).not.toHaveProperty(path);
        }
      }
    },
  );

  test('no removed concepts anywhere in the protocol', () => {
    const everything = JSON.stringify([
      SERVER_MESSAGE_TYPES,
      CLIENT_MESSAGE_TYPES,
      Object.values(serverMessageSchemas).map((schema) => Object.keys(schema.shape)),
    ]);
    for (const removed of [
      'currentPointIndex',
      'evaluation_result',
      'point_transition',
      'trigger_eval',
      'end_session',
      'assistant_complete',
      'session_complete',
      'openingMessage',
    ]) {
      expect(everything).not.toContain(removed);
    }
  });

  test('the error code is one of the published codes; retryable is required', () => {
    expect(parseServerMessage({ ...sampleServerMessages.error, code: 'NOPE' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE', message: expect.stringMatching(/^code: /) },
    });
    const { retryable: _retryable, ...withoutRetryable } = sampleServerMessages.error;
    expect(parseServerMessage(withoutRetryable)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE', message: expect.stringMatching(/^retryable: /) },
    });
  });

  test('snapshot chunks are accepted; an event without seq is not', () => {
    const chunk = { type: 'chunk', responseId: 'r', index: 4, text: 'Hello wor', snapshot: true };
    expect(parseServerMessage(JSON.stringify(chunk))).toEqual({ ok: true, message: chunk });
    const { seq: _seq, ...event } = sampleServerMessages.event.event;
    expect(parseServerMessage({ type: 'event', event })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE', message: expect.stringMatching(/^event\.seq: /) },
    });
  });
});
