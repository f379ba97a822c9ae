import { RECALL_ERROR_CODES, SESSION_EVENT_TYPES } from '@recall/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sampleServerMessages } from '../../test/fixtures/server-messages';
import { assertNever } from '../internal/assert-never';
import { SERVER_MESSAGE_TYPES } from '../protocol/message-types';
import { parseServerMessage } from '../protocol/parse-server-message';
import { PROTOCOL_PARSE_ERROR_CODES } from '../protocol/parse-result';
import { decodeServerMessage } from './connection';
import type { FieldKind, FieldTable } from './field-table';
import {
  ENVELOPE_FIELDS,
  EVENT_DATA_FIELDS,
  TRANSIENT_FRAME_FIELDS,
} from './generated/frame-fields';

// The oracle is the zod parser: whatever it accepts, the light decoder must accept and
// return the same message; whatever the input, the light decoder must not throw.

/** Values a zod schema of this kind accepts (and, now and then, ones it does not). */
function arbitraryOf(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'string':
      return fc.string();
    case 'id':
      return fc.string({ minLength: 1 });
    case 'count':
      return fc.oneof(fc.nat(), fc.constantFrom(0, Number.MAX_SAFE_INTEGER, 2 ** 60));
    case 'positive':
      return fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    case 'number':
      return fc.double({ min: 0, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'ids':
      return fc.array(fc.string({ minLength: 1 }), { maxLength: 4 });
    default:
      return assertNever(kind, 'field kind');
  }
}

/** An object with the table's fields, each optional one present or not. */
function fieldsOf(table: FieldTable, name: string): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(table).map(([key, kind]) => {
    const optional = key.endsWith('?');
    const field = optional ? key.slice(0, -1) : key;
    const value =
      field === 'code' && name === 'error'
        ? fc.constantFrom(...Object.keys(RECALL_ERROR_CODES))
        : field === 'agent'
          ? fc.constantFrom('tutor', 'rabbithole')
          : typeof kind === 'object'
            ? fieldsOf(kind, field)
            : arbitraryOf(kind);
    return [field, optional ? fc.option(value, { nil: undefined }) : value] as const;
  });
  return fc.record(Object.fromEntries(entries)).map((record) => {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (value !== undefined) result[key] = value;
    return result;
  });
}

const extraKeys = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 });

/** An `event` frame of any event type, with unknown keys sprinkled in at every level. */
const generatedEvent = fc
  .constantFrom(...SESSION_EVENT_TYPES)
  .chain((type) =>
    fc.tuple(
      fc.constant(type),
      fieldsOf(ENVELOPE_FIELDS, 'event'),
      fieldsOf(EVENT_DATA_FIELDS[type], type),
      extraKeys,
      extraKeys,
    ),
  )
  .map(([type, envelope, data, extra, extraData]) => ({
    ...extra,
    type: 'event',
    event: { ...extra, ...envelope, type, data: { ...extraData, ...data } },
  }));

/** A frame of every type, varied from the fixtures, with unknown keys sprinkled in. */
const generatedMessage = fc.oneof(
  generatedEvent,
  fc
    .constantFrom(...SERVER_MESSAGE_TYPES.filter((type) => type !== 'event'))
    .chain((type) =>
      fc.tuple(
        fc.constant(sampleServerMessages[type] as Record<string, unknown>),
        fieldsOf(TRANSIENT_FRAME_FIELDS[type as keyof typeof TRANSIENT_FRAME_FIELDS], type),
        extraKeys,
        fc.boolean(),
      ),
    )
    .map(([fixture, fields, extra, keepFixture]) => ({
      ...extra,
      ...(keepFixture ? fixture : { ...fields, type: fixture.type }),
    })),
);

/** A generated message with one field removed or replaced by anything. */
const mutatedMessage = fc
  .tuple(
    generatedMessage,
    fc.constantFrom(
      'type',
      'event',
      'index',
      'text',
      'snapshot',
      'summary',
      'clientMessageId',
      'code',
      '__proto__',
    ),
    fc.oneof(fc.jsonValue(), fc.anything(), fc.constant(undefined)),
  )
  .map(([message, key, value]) => {
    const copy: Record<string, unknown> = { ...message };
    Object.defineProperty(copy, key, {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    return copy;
  });

const garbage = fc.oneof(
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
  fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
  fc.string(),
  fc.string({ unit: 'binary' }),
  mutatedMessage,
  mutatedMessage.map((message) => JSON.stringify(message)),
  fc.uint8Array().map((bytes) => Buffer.from(bytes)),
);

const knownCodes: ReadonlySet<string> = new Set(PROTOCOL_PARSE_ERROR_CODES);

describe('decodeServerMessage against parseServerMessage', () => {
  test('accepts every generated valid message, returning what parseServerMessage returns', () => {
    let accepted = 0;
    fc.assert(
      fc.property(generatedMessage, fc.boolean(), (message, asText) => {
        const raw = asText ? JSON.stringify(message) : message;
        const strict = parseServerMessage(raw);
        if (!strict.ok) return;
        accepted += 1;
        expect(decodeServerMessage(raw)).toEqual(strict);
      }),
      { numRuns: 3_000 },
    );
    // The generator must mostly produce valid messages, or the property proves little.
    expect(accepted).toBeGreaterThan(2_000);
  });

  test('never throws on garbage; agrees with parseServerMessage whenever it accepts', () => {
    let rejected = 0;
    fc.assert(
      fc.property(garbage, (raw) => {
        const light = decodeServerMessage(raw);
        const strict = parseServerMessage(raw);
        if (strict.ok) expect(light).toEqual(strict);
        if (light.ok) {
          expect(SERVER_MESSAGE_TYPES).toContain(light.message.type);
          expect(Object.getPrototypeOf(light.message)).toBe(Object.prototype);
        } else {
          rejected += 1;
          expect(knownCodes.has(light.error.code)).toBe(true);
          expect(typeof light.error.message).toBe('string');
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 3_000 },
    );
    expect(rejected).toBeGreaterThan(1_000);
  });
});
