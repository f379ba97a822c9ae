import { readFileSync } from 'node:fs';
import { SESSION_EVENT_TYPES, redactSessionEvent } from '@recall/core';
import { buildSampleEvent } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { sampleServerMessages } from '../../test/fixtures/server-messages';
import { renderFrameTablesModule } from '../protocol/internal/frame-tables';
import { SERVER_MESSAGE_TYPES } from '../protocol/message-types';
import { parseServerMessage } from '../protocol/parse-server-message';
import { decodeServerMessage } from './connection';

const eventFrame = (type: (typeof SESSION_EVENT_TYPES)[number]) => ({
  type: 'event' as const,
  event: redactSessionEvent(buildSampleEvent(type, 4)),
});

describe('decodeServerMessage', () => {
  test('its tables are generated from the zod schemas, and not stale (npm run docs:schema)', () => {
    const written = readFileSync(new URL('./generated/frame-fields.ts', import.meta.url), 'utf8');
    expect(written).toBe(renderFrameTablesModule());
  });

  test.each(SERVER_MESSAGE_TYPES)(
    'decodes a %s frame exactly as parseServerMessage does',
    (type) => {
      const frame = JSON.stringify(sampleServerMessages[type]);
      const decoded = decodeServerMessage(frame);
      expect(decoded).toEqual({ ok: true, message: sampleServerMessages[type] });
      expect(decoded).toEqual(parseServerMessage(frame));
    },
  );

  test.each(SESSION_EVENT_TYPES)(
    'decodes a %s event exactly as parseServerMessage does',
    (type) => {
      const frame = JSON.stringify(eventFrame(type));
      const decoded = decodeServerMessage(frame);
      expect(decoded).toEqual({ ok: true, message: eventFrame(type) });
      expect(decoded).toEqual(parseServerMessage(frame));
    },
  );

  test('keeps only the protocol fields, in a fresh object', () => {
    const frame = eventFrame('show_image');
    const noisy = {
      ...frame,
      extra: true,
      event: { ...frame.event, traceId: 't', data: { ...frame.event.data, nested: { x: 1 } } },
    };
    const decoded = decodeServerMessage(noisy);
    expect(decoded).toEqual({ ok: true, message: frame });
    if (decoded.ok) expect(decoded.message).not.toBe(noisy);
  });

  test('a newer server’s error code still reads (codes are an open vocabulary)', () => {
    const decoded = decodeServerMessage({ ...sampleServerMessages.error, code: 'SOMETHING_NEW' });
    expect(decoded).toMatchObject({ ok: true, message: { code: 'SOMETHING_NEW' } });
  });

  test('rejects wrong primitive types with the field path', () => {
    const recalled = eventFrame('recall_point_recalled');
    const completed = eventFrame('session_completed');
    const cases: Array<[unknown, string]> = [
      [{ ...sampleServerMessages.chunk, index: '1' }, 'index: Expected count.'],
      [{ ...sampleServerMessages.chunk, index: -1 }, 'index: Expected count.'],
      [{ ...sampleServerMessages.chunk, snapshot: 'yes' }, 'snapshot: Expected boolean.'],
      [{ ...sampleServerMessages.ack, clientMessageId: '' }, 'clientMessageId: Expected id.'],
      [{ ...sampleServerMessages.error, retryable: 'no' }, 'retryable: Expected boolean.'],
      [{ type: 'pong' }, 'timestamp: Required.'],
      [{ type: 'event' }, 'event: Expected an object.'],
      [{ ...recalled, event: { ...recalled.event, seq: 0 } }, 'event.seq: Expected positive.'],
      [{ ...recalled, event: { ...recalled.event, seq: 1.5 } }, 'event.seq: Expected positive.'],
      [{ ...recalled, event: { ...recalled.event, data: [] } }, 'event.data: Expected an object.'],
      [
        {
          ...recalled,
          event: { ...recalled.event, data: { ...recalled.event.data, pointId: '' } },
        },
        'event.data.pointId: Expected id.',
      ],
      [
        {
          ...completed,
          event: {
            ...completed.event,
            data: {
              ...completed.event.data,
              summary: {
                ...(completed.event.data as { summary: object }).summary,
                recalledPointIds: [1],
              },
            },
          },
        },
        'event.data.summary.recalledPointIds: Expected ids.',
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
    for (const type of ['assistant_complete', 'ping', 'toString', '__proto__']) {
      expect(decodeServerMessage({ type })).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_MESSAGE_TYPE' },
      });
    }
    const unknownEvent = eventFrame('show_resource');
    expect(
      decodeServerMessage({ ...unknownEvent, event: { ...unknownEvent.event, type: 'tool_call' } }),
    ).toMatchObject({ ok: false, error: { code: 'UNKNOWN_MESSAGE_TYPE' } });
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
    const event = eventFrame('show_resource').event;
    const frame = JSON.stringify({ type: 'event', event }).replace(
      '"data":{',
      '"data":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},',
    );
    expect(decodeServerMessage(frame)).toEqual({ ok: true, message: { type: 'event', event } });
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
