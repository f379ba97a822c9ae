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
      'assistant_streaming_start',
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
    const fullContent = 'a'.repeat(200_000);
    const complete = { ...sampleServerMessages.assistant_complete, fullContent };
    expect(parseServerMessage(JSON.stringify(complete))).toEqual({ ok: true, message: complete });
    const tooBig = { ...complete, fullContent: 'a'.repeat(DEFAULT_MAX_SERVER_FRAME_BYTES) };
    expect(parseServerMessage(JSON.stringify(tooBig))).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LARGE' },
    });
    expect(parseServerMessage(JSON.stringify(complete), { maxBytes: 1000 })).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LARGE' },
    });
  });

  test('nested objects are rebuilt from the schema: no prototype keys survive', () => {
    const frame =
      '{"type":"session_complete","seq":3,"summary":{"__proto__":{"polluted":1},"sessionId":"s","recalledCount":1,"totalPoints":2,"durationMs":3,"rabbitholeCount":0,"recalledPointIds":["p"],"constructor":{"prototype":{"polluted":1}}}}';
    const result = parseServerMessage(frame);
    expect(result).toEqual({
      ok: true,
      message: {
        type: 'session_complete',
        seq: 3,
        summary: {
          sessionId: 's',
          recalledCount: 1,
          totalPoints: 2,
          durationMs: 3,
          rabbitholeCount: 0,
          recalledPointIds: ['p'],
        },
      },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
