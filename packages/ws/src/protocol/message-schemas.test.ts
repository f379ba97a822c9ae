import { describe, expect, test } from 'vitest';
import { sampleServerMessages } from '../../test/fixtures/server-messages';
import { type ClientMessage, clientMessageSchema, clientMessageSchemas } from './client-messages';
import {
  CLIENT_MESSAGE_TYPES,
  SERVER_MESSAGE_TYPES,
  TRANSIENT_SERVER_MESSAGE_TYPES,
} from './message-types';
import { parseClientMessage } from './parse-client-message';
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

describe('server → client messages', () => {
  test('cover every type, transient ones without seq', () => {
    expect(Object.keys(serverMessageSchemas).sort()).toEqual([...SERVER_MESSAGE_TYPES].sort());
    expect(Object.keys(sampleServerMessages).sort()).toEqual([...SERVER_MESSAGE_TYPES].sort());
    expect([...TRANSIENT_SERVER_MESSAGE_TYPES].sort()).toEqual([
      'ack',
      'assistant_chunk',
      'error',
      'pong',
    ]);
    for (const type of SERVER_MESSAGE_TYPES) {
      const hasSeq = 'seq' in serverMessageSchemas[type].shape;
      expect(hasSeq, type).toBe(
        !(TRANSIENT_SERVER_MESSAGE_TYPES as readonly string[]).includes(type),
      );
    }
  });

  test('include the issue-required types', () => {
    for (const type of [
      'session_started',
      'assistant_chunk',
      'assistant_complete',
      'recall_point_recalled',
      'recall_point_near_miss',
      'rabbithole_detected',
      'rabbithole_entered',
      'rabbithole_exited',
      'session_complete_overlay',
      'session_paused',
      'show_image',
      'show_resource',
      'session_complete',
      'error',
      'pong',
      'ack',
      'user_message',
    ]) {
      expect(SERVER_MESSAGE_TYPES).toContain(type);
    }
  });

  test.each(SERVER_MESSAGE_TYPES)('%s round-trips through the schema and the parser', (type) => {
    const message = sampleServerMessages[type];
    expect(serverMessageSchema.parse(message)).toEqual(message);
    expect(parseServerMessage(JSON.stringify(message))).toEqual({ ok: true, message });
  });

  test.each(SERVER_MESSAGE_TYPES.filter((type) => type !== 'pong' && type !== 'ack'))(
    '%s without seq is rejected unless transient',
    (type) => {
      const { seq: _seq, ...withoutSeq } = sampleServerMessages[type] as { seq?: number };
      const transient = (TRANSIENT_SERVER_MESSAGE_TYPES as readonly string[]).includes(type);
      const result = parseServerMessage(JSON.stringify(withoutSeq));
      expect(result.ok, type).toBe(transient);
      if (!result.ok) {
        expect(result.error).toMatchObject({
          code: 'INVALID_MESSAGE',
          message: expect.stringMatching(/^seq: /),
        });
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
    ]) {
      expect(everything).not.toContain(removed);
    }
  });

  test('the error code is one of the published codes', () => {
    expect(parseServerMessage({ ...sampleServerMessages.error, code: 'NOPE' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE', message: expect.stringMatching(/^code: /) },
    });
  });

  test('snapshot chunks are accepted', () => {
    const chunk = {
      type: 'assistant_chunk',
      responseId: 'r',
      index: 4,
      text: 'Hello wor',
      snapshot: true,
    };
    expect(parseServerMessage(JSON.stringify(chunk))).toEqual({ ok: true, message: chunk });
  });
});
