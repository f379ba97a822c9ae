import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CLIENT_MESSAGE_TYPES } from './message-types';
import { DEFAULT_MAX_CLIENT_FRAME_BYTES } from './limits';
import { parseClientMessage } from './client-messages';
import { PROTOCOL_PARSE_ERROR_CODES } from './parse-result';

const validMessages = [
  { type: 'user_message', content: 'The powerhouse of the cell.', clientMessageId: 'c-1' },
  { type: 'leave_session' },
  { type: 'enter_rabbithole', rabbitholeEventId: 'rh-1', topic: 'Mito DNA' },
  { type: 'exit_rabbithole', clientMessageId: 'c-2' },
  { type: 'decline_rabbithole' },
  { type: 'dismiss_overlay' },
  { type: 'ping' },
];
const dangerousKeys = ['__proto__', 'constructor', 'prototype'];
const fieldNames = [
  'type',
  'content',
  'clientMessageId',
  'rabbitholeEventId',
  'topic',
  ...dangerousKeys,
];

const anyType = fc.oneof(
  fc.constantFrom(
    ...CLIENT_MESSAGE_TYPES,
    'trigger_eval',
    'end_session',
    '__proto__',
    'constructor',
  ),
  fc.string(),
);

/** A valid message with one field removed, replaced by an arbitrary value, or added. */
const mutatedMessage = fc
  .tuple(
    fc.constantFrom(...validMessages),
    fc.constantFrom(...fieldNames),
    fc.oneof(fc.jsonValue(), anyType, fc.constant(undefined)),
    fc.constantFrom('delete', 'set'),
  )
  .map(([message, key, value, action]) => {
    const copy: Record<string, unknown> = { ...message };
    if (action === 'delete') delete copy[key];
    else
      Object.defineProperty(copy, key, {
        value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    return copy;
  });

/** JSON text whose objects carry prototype keys (JSON.stringify cannot produce these). */
const pollutingFrame = fc
  .tuple(anyType, fc.constantFrom(...dangerousKeys), fc.jsonValue(), fc.boolean())
  .map(([type, key, value, nested]) => {
    const payload = `{"polluted":${JSON.stringify(value) ?? 'null'},"type":"ping"}`;
    const inner = nested ? `{"${key}":${payload}}` : payload;
    return `{"type":${JSON.stringify(type)},"${key}":${inner},"content":"hi"}`;
  });

const hugeString = fc
  .integer({ min: DEFAULT_MAX_CLIENT_FRAME_BYTES - 16, max: DEFAULT_MAX_CLIENT_FRAME_BYTES + 4096 })
  .chain((length) =>
    fc
      .constantFrom('a', '€', '"', '{')
      .map((unit) => `{"type":"user_message","content":"${unit.repeat(length)}"}`),
  );

const malformed = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
  fc.jsonValue(),
  fc.anything({
    withBigInt: true,
    withMap: true,
    withSet: true,
    withDate: true,
    withTypedArray: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withBoxedValues: true,
  }),
  mutatedMessage,
  mutatedMessage.map((message) => JSON.stringify(message)),
  fc.string(),
  fc.string({ unit: 'binary' }),
  pollutingFrame,
  hugeString,
  fc.uint8Array().map((bytes) => Buffer.from(bytes)),
);

const knownCodes: ReadonlySet<string> = new Set(PROTOCOL_PARSE_ERROR_CODES);

describe('parseClientMessage on generated malformed input', () => {
  test('never throws, returns one of the four codes, never pollutes prototypes', () => {
    const prototypeKeys = Reflect.ownKeys(Object.prototype);
    let errors = 0;
    fc.assert(
      fc.property(malformed, (raw) => {
        const result = parseClientMessage(raw);
        if (result.ok) {
          // Anything accepted is a clean message built from the schema's fields only.
          expect(CLIENT_MESSAGE_TYPES).toContain(result.message.type);
          expect(Object.getPrototypeOf(result.message)).toBe(Object.prototype);
          for (const key of Object.keys(result.message)) expect(dangerousKeys).not.toContain(key);
        } else {
          errors += 1;
          expect(knownCodes.has(result.error.code)).toBe(true);
          expect(typeof result.error.message).toBe('string');
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 1500 },
    );
    expect(errors).toBeGreaterThan(1000);
    expect(Reflect.ownKeys(Object.prototype)).toEqual(prototypeKeys);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  test('a frame over the byte limit is MESSAGE_TOO_LARGE whatever it contains', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.integer({ min: 1, max: 512 }),
        (text, extra) => {
          const frame = text.repeat(
            Math.ceil((DEFAULT_MAX_CLIENT_FRAME_BYTES + extra) / text.length),
          );
          const result = parseClientMessage(frame);
          expect(result).toMatchObject({ ok: false, error: { code: 'MESSAGE_TOO_LARGE' } });
        },
      ),
      { numRuns: 100 },
    );
  });
});
