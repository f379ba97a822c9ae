import { describe, expect, test } from 'vitest';
import {
  DEFAULT_MAX_CLIENT_FRAME_BYTES,
  DEFAULT_MAX_CONTENT_LENGTH,
  MAX_CLIENT_MESSAGE_ID_LENGTH,
} from './limits';
import { parseClientMessage } from './client-messages';
import { errorOf } from './client-messages-test-helpers';

// Hostile values, prototype keys, deep nesting and non-objects: client-messages-hostile.test.ts.
describe('parseClientMessage', () => {
  test('INVALID_JSON for text that is not JSON', () => {
    for (const text of ['', '{', 'hello', "{'type':'ping'}", '{"type":"ping"', 'undefined']) {
      expect(errorOf(text)).toEqual({
        code: 'INVALID_JSON',
        message: 'The frame is not valid JSON.',
      });
    }
  });

  test('INVALID_MESSAGE for JSON that is not an object', () => {
    for (const text of ['null', '42', '"ping"', '[]', '[{"type":"ping"}]', 'true']) {
      expect(errorOf(text).code).toBe('INVALID_MESSAGE');
    }
  });

  test('INVALID_MESSAGE names the field path', () => {
    expect(errorOf('{"content":"hi"}')).toEqual({
      code: 'INVALID_MESSAGE',
      message: 'type: Expected a string.',
    });
    expect(errorOf('{"type":"user_message"}').message).toMatch(/^content: /);
    expect(errorOf('{"type":"user_message","content":42}').message).toMatch(/^content: /);
    expect(errorOf('{"type":"enter_rabbithole","topic":"x"}').message).toMatch(
      /^rabbitholeEventId: /,
    );
    expect(
      errorOf('{"type":"enter_rabbithole","rabbitholeEventId":"rh","topic":""}').message,
    ).toMatch(/^topic: /);
    expect(errorOf('{"type":"ping","clientMessageId":""}').message).toMatch(/^clientMessageId: /);
    expect(errorOf({ type: 'ping', clientMessageId: 7 }).message).toMatch(/^clientMessageId: /);
  });

  test('empty or whitespace-only content is invalid', () => {
    for (const content of ['', ' ', '\n\t  ', '\u00a0']) {
      expect(errorOf({ type: 'user_message', content }).code).toBe('INVALID_MESSAGE');
    }
    expect(parseClientMessage({ type: 'user_message', content: ' a ' })).toEqual({
      ok: true,
      message: { type: 'user_message', content: ' a ' },
    });
  });

  test('content of only invisible characters counts as blank (X24)', () => {
    for (const content of ['\u200b', '\ufeff', '\u2060\u200d', ' \u200b\u00ad ']) {
      const error = errorOf({ type: 'user_message', content, clientMessageId: 'c1' });
      expect(error).toEqual({
        code: 'INVALID_MESSAGE',
        message: expect.stringMatching(
          /^content: Must contain a (visible|non-whitespace) character$/,
        ),
        clientMessageId: 'c1',
      });
    }
  });

  test('NUL and unpaired surrogates are refused in every text field, naming it (X23)', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'user_message', content: 'a\u0000b' }, 'content'],
      [{ type: 'user_message', content: 'lone \ud800 high' }, 'content'],
      [{ type: 'user_message', content: '\udc00' }, 'content'],
      [{ type: 'user_message', content: 'ok', clientMessageId: 'id\u0000' }, 'clientMessageId'],
      [{ type: 'ping', clientMessageId: '\ud83d' }, 'clientMessageId'],
      [{ type: 'enter_rabbithole', rabbitholeEventId: 'r\u0000', topic: 't' }, 'rabbitholeEventId'],
      [{ type: 'enter_rabbithole', rabbitholeEventId: 'r', topic: 't\udfff' }, 'topic'],
    ];
    for (const [message, field] of cases) {
      // Both as a decoded value and as the frame text a socket delivers.
      for (const raw of [message, JSON.stringify(message)]) {
        const error = errorOf(raw);
        expect(error.code).toBe('INVALID_MESSAGE');
        expect(error.message).toBe(
          `${field}: Must not contain a NUL character (U+0000) or an unpaired UTF-16 surrogate.`,
        );
      }
    }
    // Surrogate pairs (emoji, math letters) are ordinary text.
    expect(parseClientMessage({ type: 'user_message', content: '🧬 𝛼-helix' }).ok).toBe(true);
  });

  test('UNKNOWN_MESSAGE_TYPE, including the removed trigger_eval and end_session', () => {
    for (const type of [
      'trigger_eval',
      'end_session',
      'assistant_chunk',
      'USER_MESSAGE',
      '',
      'toString',
      '__proto__',
    ]) {
      expect(errorOf({ type }).code, type).toBe('UNKNOWN_MESSAGE_TYPE');
    }
    expect(errorOf('{"type":"trigger_eval"}').message).toBe('Unknown message type "trigger_eval".');
    expect(errorOf({ type: 'x'.repeat(10_000) }).message.length).toBeLessThan(120);
  });

  test('MESSAGE_TOO_LARGE for a frame over the byte limit, checked before JSON', () => {
    const justFits = JSON.stringify({
      type: 'ping',
      pad: 'x'.repeat(DEFAULT_MAX_CLIENT_FRAME_BYTES - 24),
    });
    expect(new TextEncoder().encode(justFits).length).toBe(DEFAULT_MAX_CLIENT_FRAME_BYTES);
    expect(parseClientMessage(justFits).ok).toBe(true);
    expect(errorOf(`${justFits} `).code).toBe('MESSAGE_TOO_LARGE');
    // Not JSON at all, but too large first.
    expect(errorOf('{'.repeat(DEFAULT_MAX_CLIENT_FRAME_BYTES + 1)).code).toBe('MESSAGE_TOO_LARGE');
    expect(errorOf('{"type":"ping"}', { maxBytes: 10 }).code).toBe('MESSAGE_TOO_LARGE');
  });

  test('counts UTF-8 bytes, not characters', () => {
    const frame = JSON.stringify({ type: 'user_message', content: '€'.repeat(10) }); // 3 bytes each
    const bytes = new TextEncoder().encode(frame).length;
    expect(parseClientMessage(frame, { maxBytes: bytes }).ok).toBe(true);
    expect(errorOf(frame, { maxBytes: bytes - 1 }).code).toBe('MESSAGE_TOO_LARGE');
    const emoji = JSON.stringify({ type: 'user_message', content: '😀'.repeat(10) }); // 4 bytes each
    const emojiBytes = new TextEncoder().encode(emoji).length;
    expect(parseClientMessage(emoji, { maxBytes: emojiBytes }).ok).toBe(true);
    expect(errorOf(emoji, { maxBytes: emojiBytes - 1 }).code).toBe('MESSAGE_TOO_LARGE');
  });

  test('MESSAGE_TOO_LARGE for content over the length limit, echoing the clientMessageId', () => {
    const long = {
      type: 'user_message',
      content: 'a'.repeat(DEFAULT_MAX_CONTENT_LENGTH + 1),
      clientMessageId: 'c-9',
    };
    expect(errorOf(JSON.stringify(long))).toEqual({
      code: 'MESSAGE_TOO_LARGE',
      message: `content: Longer than ${DEFAULT_MAX_CONTENT_LENGTH} characters.`,
      clientMessageId: 'c-9',
    });
    const fits = { ...long, content: 'a'.repeat(DEFAULT_MAX_CONTENT_LENGTH) };
    expect(parseClientMessage(JSON.stringify(fits)).ok).toBe(true);
    expect(
      errorOf(JSON.stringify({ ...long, content: 'abcdef' }), { maxContentLength: 5 }).code,
    ).toBe('MESSAGE_TOO_LARGE');
    expect(parseClientMessage(JSON.stringify(long), { maxContentLength: 20_000 }).ok).toBe(true);
  });

  test('echoes a readable clientMessageId in errors', () => {
    expect(errorOf('{"type":"nope","clientMessageId":"c-1"}')).toMatchObject({
      code: 'UNKNOWN_MESSAGE_TYPE',
      clientMessageId: 'c-1',
    });
    expect(errorOf('{"type":"user_message","content":"","clientMessageId":"c-2"}')).toMatchObject({
      code: 'INVALID_MESSAGE',
      clientMessageId: 'c-2',
    });
    expect('clientMessageId' in errorOf('{"type":"nope","clientMessageId":5}')).toBe(false);
    const tooLong = 'c'.repeat(MAX_CLIENT_MESSAGE_ID_LENGTH + 1);
    const error = errorOf(JSON.stringify({ type: 'ping', clientMessageId: tooLong }));
    expect(error.code).toBe('INVALID_MESSAGE');
    expect('clientMessageId' in error).toBe(false);
  });

  test('returns only schema fields, in fresh plain objects', () => {
    const input = { type: 'ping', clientMessageId: 'c-1', extra: { deep: true }, content: 'x' };
    const result = parseClientMessage(input);
    expect(result).toEqual({ ok: true, message: { type: 'ping', clientMessageId: 'c-1' } });
    if (result.ok) {
      expect(result.message).not.toBe(input);
      expect(Object.getPrototypeOf(result.message)).toBe(Object.prototype);
    }
  });

  test('treats binary frames as invalid (or too large)', () => {
    const text = '{"type":"ping"}';
    const bytes = new TextEncoder().encode(text);
    for (const binary of [
      Buffer.from(text),
      bytes,
      bytes.buffer,
      new DataView(bytes.buffer),
      new Blob([text]),
    ]) {
      expect(errorOf(binary).code).toBe('INVALID_MESSAGE');
    }
    expect(errorOf(Buffer.alloc(DEFAULT_MAX_CLIENT_FRAME_BYTES + 1)).code).toBe(
      'MESSAGE_TOO_LARGE',
    );
  });
});
