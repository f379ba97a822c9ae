import { describe, expect, test, vi } from 'vitest';
import { parseClientMessage } from './client-messages';
import { errorOf } from './client-messages-test-helpers';

// Hostile input to the parser; the field, type and size checks are in client-messages.test.ts.
describe('parseClientMessage', () => {
  test('never throws on hostile values', () => {
    const cyclic: Record<string, unknown> = { type: 'user_message', content: 'x' };
    cyclic.self = cyclic;
    const throwingGetter = Object.defineProperty({ content: 'x' }, 'type', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const throwingContent = Object.defineProperty({ type: 'user_message' }, 'content', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const throwingProxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        getOwnPropertyDescriptor() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    const hostile: unknown[] = [
      10n,
      Symbol('x'),
      () => 'ping',
      { type: 'user_message', content: 10n },
      { type: 'user_message', content: Symbol('x') },
      { type: Symbol('ping') },
      throwingGetter,
      throwingContent,
      throwingProxy,
      Object.create(null),
      new Date(),
      new Map([['type', 'ping']]),
      undefined,
      null,
      Number.NaN,
    ];
    for (const value of hostile) {
      const result = parseClientMessage(value);
      expect(result.ok).toBe(false);
    }
    expect(parseClientMessage(cyclic)).toEqual({
      ok: true,
      message: { type: 'user_message', content: 'x' },
    });
  });

  test('prototype keys never pollute and never reach the output', () => {
    const frames = [
      '{"type":"ping","__proto__":{"polluted":"yes"}}',
      '{"type":"ping","constructor":{"prototype":{"polluted":"yes"}}}',
      '{"__proto__":{"type":"ping","polluted":"yes"}}',
      '{"type":"user_message","content":"hi","__proto__":{"clientMessageId":"c-evil"}}',
      '{"type":"__proto__"}',
      '{"type":"constructor"}',
      '{"type":"ping","prototype":{"polluted":"yes"}}',
    ];
    for (const frame of frames) {
      const result = parseClientMessage(frame);
      if (result.ok) {
        expect(
          Object.keys(result.message).every((key) => key === 'type' || key === 'content'),
        ).toBe(true);
        expect(Object.getPrototypeOf(result.message)).toBe(Object.prototype);
      }
    }
    const fromObject = JSON.parse('{"type":"ping","__proto__":{"polluted":"yes"}}');
    expect(parseClientMessage(fromObject)).toEqual({ ok: true, message: { type: 'ping' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(errorOf('{"__proto__":{"type":"ping"}}').code).toBe('INVALID_MESSAGE');
  });

  test('deeply nested JSON in an unknown field is parsed without recursion and dropped', () => {
    const depth = 16_000; // still under the frame limit
    const frame = `{"type":"ping","deep":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(parseClientMessage(frame)).toEqual({ ok: true, message: { type: 'ping' } });
  });

  test('anything but an object is refused from its first character, before JSON.parse', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const array = `[${'1,'.repeat(10_000)}1]`;
      for (const text of [array, ' \n\t[1]', '"text"', '-1', '12', 'true', 'false', 'null']) {
        expect(errorOf(text)).toEqual({
          code: 'INVALID_MESSAGE',
          message: '(root): Expected a JSON object.',
        });
      }
      for (const text of ['', '   ', 'hello', '<html>', "'x'"]) {
        expect(errorOf(text).code).toBe('INVALID_JSON');
      }
      expect(parse).not.toHaveBeenCalled();
      expect(parseClientMessage(' \r\n{"type":"ping"}').ok).toBe(true);
      expect(parse).toHaveBeenCalledTimes(1);
      // No per-value reviver: the second argument is never passed.
      expect(parse.mock.calls[0]?.length).toBe(1);
    } finally {
      parse.mockRestore();
    }
  });
});
