import { describe, expect, test } from 'vitest';
import { sampleServerMessages } from '../../test/fixtures/server-messages';
import { DEFAULT_MAX_SERVER_FRAME_BYTES } from './limits';
import { parseServerMessage } from './parse-server-message';

describe('parseServerMessage', () => {
  test('uses the same codes as the client parser', () => {
    expect(parseServerMessage('{oops')).toEqual({
      ok: false,
      error: { code: 'INVALID_JSON', message: 'The frame is not valid JSON.' },
    });
    for (const type of [
      'evaluation_result',
      'point_transition',
      'assistant_complete',
      'session_started',
      'ping',
    ]) {
      expect(parseServerMessage({ type })).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_MESSAGE_TYPE' },
      });
    }
    expect(parseServerMessage({ type: 'ack' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE', message: expect.stringMatching(/^clientMessageId: /) },
    });
    expect(
      parseServerMessage(new TextEncoder().encode('{"type":"pong","timestamp":1}')),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE' },
    });
  });

  test('accepts large frames up to its own limit', () => {
    const text = 'a'.repeat(200_000);
    const chunk = { ...sampleServerMessages.chunk, text };
    expect(parseServerMessage(JSON.stringify(chunk))).toEqual({ ok: true, message: chunk });
    const tooBig = { ...chunk, text: 'a'.repeat(DEFAULT_MAX_SERVER_FRAME_BYTES) };
    expect(parseServerMessage(JSON.stringify(tooBig))).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LARGE' },
    });
    expect(parseServerMessage(JSON.stringify(chunk), { maxBytes: 1000 })).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LARGE' },
    });
  });

  test('nested objects are rebuilt from the schema: no prototype keys survive', () => {
    const event = {
      id: 'e3',
      sessionId: 's',
      seq: 3,
      timestamp: 1,
      type: 'session_completed',
      data: {
        sessionId: 's',
        summary: {
          sessionId: 's',
          recalledCount: 1,
          totalPoints: 2,
          durationMs: 3,
          rabbitholeCount: 0,
          recalledPointIds: ['p'],
        },
      },
    };
    const frame = JSON.stringify({ type: 'event', event }).replace(
      '"summary":{',
      '"summary":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},',
    );
    expect(parseServerMessage(frame)).toEqual({ ok: true, message: { type: 'event', event } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
