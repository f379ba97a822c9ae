import * as z from 'zod';
import { describe, expect, test } from 'vitest';
import { sampleServerMessages } from '../../test/fixtures/server-messages';
import { SERVER_MESSAGE_TYPES } from '../protocol/message-types';
import { parseServerMessage } from '../protocol/parse-server-message';
import { serverMessageSchemas } from '../protocol/server-messages';
import { decodeServerMessage } from './decode-server-message';
import { type FieldTable, SERVER_MESSAGE_FIELDS } from './server-message-fields';

type Outline = { [name: string]: 'field' | Outline };

/** Field names (optional ones with `?`) of a zod object, nested objects expanded. */
function outlineOfSchema(schema: z.ZodObject): Outline {
  const outline: Outline = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (name === 'type' || name === 'seq') continue;
    const optional = field.safeParse(undefined).success;
    const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
    outline[optional ? `${name}?` : name] =
      inner instanceof z.ZodObject ? outlineOfSchema(inner) : 'field';
  }
  return outline;
}

function outlineOfTable(table: FieldTable): Outline {
  const outline: Outline = {};
  for (const [name, kind] of Object.entries(table)) {
    outline[name] = typeof kind === 'object' ? outlineOfTable(kind) : 'field';
  }
  return outline;
}

describe('decodeServerMessage', () => {
  test.each(SERVER_MESSAGE_TYPES)('knows the same fields of %s as the zod schema', (type) => {
    expect(outlineOfTable(SERVER_MESSAGE_FIELDS[type])).toEqual(
      outlineOfSchema(serverMessageSchemas[type] as unknown as z.ZodObject),
    );
  });

  test.each(SERVER_MESSAGE_TYPES)('decodes a %s exactly as parseServerMessage does', (type) => {
    const frame = JSON.stringify(sampleServerMessages[type]);
    const decoded = decodeServerMessage(frame);
    expect(decoded).toEqual({ ok: true, message: sampleServerMessages[type] });
    expect(decoded).toEqual(parseServerMessage(frame));
  });

  test('keeps only the protocol fields, in a fresh object', () => {
    const message = { ...sampleServerMessages.show_image, extra: { nested: true } };
    const decoded = decodeServerMessage(message);
    expect(decoded).toEqual({ ok: true, message: sampleServerMessages.show_image });
    if (decoded.ok) expect(decoded.message).not.toBe(message);
  });

  test('seq: required and a positive integer on log messages, dropped from transient ones', () => {
    const { seq: _seq, ...withoutSeq } = sampleServerMessages.recall_point_recalled;
    for (const seq of [undefined, 0, -1, 1.5, '3', null]) {
      expect(decodeServerMessage({ ...withoutSeq, seq })).toEqual({
        ok: false,
        error: { code: 'INVALID_MESSAGE', message: 'seq: Expected a positive integer.' },
      });
    }
    const chunk = decodeServerMessage({ ...sampleServerMessages.assistant_chunk, seq: 7 });
    // The reducer reads a `seq` as "from the log": a chunk must never carry one.
    expect(chunk).toEqual({ ok: true, message: sampleServerMessages.assistant_chunk });
  });

  test('rejects wrong primitive types with the field path', () => {
    const cases: Array<[unknown, string]> = [
      [{ ...sampleServerMessages.assistant_chunk, index: '1' }, 'index: Expected count.'],
      [{ ...sampleServerMessages.assistant_chunk, index: -1 }, 'index: Expected count.'],
      [{ ...sampleServerMessages.assistant_chunk, snapshot: 'yes' }, 'snapshot: Expected boolean.'],
      [
        { ...sampleServerMessages.assistant_complete, fullContent: null },
        'fullContent: Expected string.',
      ],
      [{ ...sampleServerMessages.ack, clientMessageId: '' }, 'clientMessageId: Expected id.'],
      [{ type: 'pong' }, 'timestamp: Required.'],
      [{ ...sampleServerMessages.session_complete, summary: [] }, 'summary: Expected an object.'],
      [
        {
          ...sampleServerMessages.session_complete,
          summary: { ...sampleServerMessages.session_complete.summary, recalledPointIds: [1] },
        },
        'summary.recalledPointIds: Expected ids.',
      ],
      [
        {
          ...sampleServerMessages.session_complete,
          summary: { ...sampleServerMessages.session_complete.summary, usage: { inputTokens: 1 } },
        },
        'summary.usage.outputTokens: Required.',
      ],
    ];
    for (const [raw, message] of cases) {
      expect(decodeServerMessage(raw)).toEqual({
        ok: false,
        error: { code: 'INVALID_MESSAGE', message },
      });
    }
  });

  test('size, JSON, type and binary checks use the protocol error codes', () => {
    expect(decodeServerMessage('{oops')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_JSON' },
    });
    expect(decodeServerMessage('[]')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE' },
    });
    expect(decodeServerMessage({ type: 3 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE', message: 'type: Expected a string.' },
    });
    for (const type of ['evaluation_result', 'ping', 'toString', '__proto__']) {
      expect(decodeServerMessage({ type })).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_MESSAGE_TYPE' },
      });
    }
    const frame = JSON.stringify(sampleServerMessages.pong);
    expect(decodeServerMessage(frame, { maxBytes: frame.length - 1 })).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LARGE' },
    });
    expect(decodeServerMessage(new TextEncoder().encode(frame))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE' },
    });
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(decodeServerMessage(deep, { maxBytes: 1_000_000 }).ok).toBe(false);
  });

  test('prototype keys are dropped and pollute nothing', () => {
    const frame =
      '{"type":"show_resource","seq":1,"resourceId":"r","title":"t","snippet":"s",' +
      '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
    const decoded = decodeServerMessage(frame);
    expect(decoded).toEqual({
      ok: true,
      message: { type: 'show_resource', seq: 1, resourceId: 'r', title: 't', snippet: 's' },
    });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const own = decodeServerMessage(JSON.parse('{"type":"__proto__"}'));
    expect(own).toMatchObject({ ok: false, error: { code: 'UNKNOWN_MESSAGE_TYPE' } });
  });

  test('a value whose getters throw is invalid, not a throw', () => {
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('trap');
        },
      },
    );
    expect(decodeServerMessage(hostile)).toMatchObject({ ok: false });
  });
});
