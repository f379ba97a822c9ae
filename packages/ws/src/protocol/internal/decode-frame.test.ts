import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { clientMessageParsing, parseClientMessage } from '../client-messages';
import { type MessageParserOptions, parseMessage } from './decode-frame';

const options: MessageParserOptions = {
  maxBytes: 1_000,
  stripForbiddenKeys: false,
  schemas: {
    note: z.object({ type: z.literal('note'), text: z.string(), count: z.number() }),
    other: z.object({ type: z.literal('other'), text: z.string() }),
  },
  maxTextLengths: { note: { text: 5 } },
};

describe('parseMessage: maxTextLengths', () => {
  test('refuses a field over its limit before the schema runs, echoing the clientMessageId', () => {
    // `count` is missing too: the length limit answers first.
    const frame = JSON.stringify({ type: 'note', text: 'too long', clientMessageId: 'c1' });
    expect(parseMessage(frame, options)).toEqual({
      ok: false,
      error: {
        code: 'MESSAGE_TOO_LARGE',
        message: 'text: Longer than 5 characters.',
        clientMessageId: 'c1',
      },
    });
  });

  test('applies only to the type it names, and only to text', () => {
    const other = JSON.stringify({ type: 'other', text: 'longer than five' });
    expect(parseMessage(other, options)).toEqual({
      ok: true,
      message: { type: 'other', text: 'longer than five' },
    });
    const within = JSON.stringify({ type: 'note', text: 'short', count: 1 });
    expect(parseMessage(within, options)).toMatchObject({ ok: true });
    const notText = parseMessage(JSON.stringify({ type: 'note', text: 7, count: 1 }), options);
    expect(notText).toMatchObject({ ok: false, error: { code: 'INVALID_MESSAGE' } });
  });
});

describe('clientMessageParsing', () => {
  test('gives the pipeline the answers parseClientMessage gives under the same options', () => {
    const limits = { maxBytes: 2_000, maxContentLength: 10 };
    const frames = [
      { type: 'user_message', sessionId: 's1', content: 'ten chars!' },
      { type: 'user_message', sessionId: 's1', content: 'eleven char', clientMessageId: 'm' },
      { type: 'ping' },
      { type: 'no_such_type' },
    ].map((frame) => JSON.stringify(frame));
    frames.push('x'.repeat(2_001));
    const parsing = clientMessageParsing(limits);
    for (const frame of frames) {
      expect(parseMessage(frame, parsing)).toEqual(parseClientMessage(frame, limits));
    }
    expect(parseMessage(frames[1], parsing)).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LARGE', message: 'content: Longer than 10 characters.' },
    });
  });
});
