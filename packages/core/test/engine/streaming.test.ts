import { RecallError } from '@recall/core';
import type { EngineFeedItem } from '@recall/core';
import { describe, expect, test, vi } from 'vitest';
import { createHarness, ofType } from './harness';

function collect(items: EngineFeedItem[]) {
  return (item: EngineFeedItem) => items.push(item);
}

describe('streaming and subscriptions', () => {
  test('text is streamed as deltas; start/end bracket the response', async () => {
    const h = await createHarness({
      script: { tutor: ['Opening?', { chunks: ['What ', 'makes ', 'ATP?'] }] },
    });
    const { sessionId } = await h.start();
    const items: EngineFeedItem[] = [];
    h.engine.subscribe(sessionId, { afterSeq: 4 }, collect(items));
    await h.say(sessionId, 'hello');
    const summary = items.map((item) =>
      item.kind === 'event'
        ? item.event.type
        : item.kind === 'delta'
          ? `delta:${item.delta.index}:${item.delta.text}`
          : 'error',
    );
    expect(summary).toEqual([
      'user_message',
      'assistant_streaming_start',
      'delta:0:What ',
      'delta:1:makes ',
      'delta:2:ATP?',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    const end = ofType(await h.events(sessionId), 'assistant_streaming_end').at(-1)!;
    expect(end.data).toMatchObject({ fullContent: 'What makes ATP?', totalChunks: 3 });
    const events = await h.events(sessionId);
    const response = events
      .filter((event) => event.responseId === end.data.responseId)
      .map((event) => event.type);
    expect(response).toEqual([
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    const turnIds = new Set(events.slice(4).map((event) => event.turnId));
    expect(turnIds.size).toBe(1);
  });

  test('history then live, no gap and no duplicate; a late subscriber gets one snapshot', async () => {
    const h = await createHarness({
      script: {
        tutor: ['Opening?', { chunks: ['one ', 'two ', 'three ', 'four'], chunkDelayMs: 40 }],
      },
    });
    const { sessionId } = await h.start();
    const early: EngineFeedItem[] = [];
    h.engine.subscribe(sessionId, { afterSeq: 0 }, collect(early));
    await h.engine.sendUserMessage(sessionId, 'go');
    await vi.waitFor(
      () => expect(early.filter((item) => item.kind === 'delta').length).toBeGreaterThanOrEqual(2),
      { interval: 2 },
    );
    const late: EngineFeedItem[] = [];
    h.engine.subscribe(sessionId, { afterSeq: 0 }, collect(late));
    await h.engine.whenIdle(sessionId);
    const seqs = (items: EngineFeedItem[]) =>
      items.flatMap((item) => (item.kind === 'event' ? [item.event.seq] : []));
    expect(seqs(early)).toEqual(seqs(late));
    expect(seqs(late)).toEqual(Array.from({ length: 8 }, (_, index) => index + 1));
    const lateDeltas = late.flatMap((item) => (item.kind === 'delta' ? [item.delta] : []));
    expect(lateDeltas[0]!.snapshot).toBe(true);
    expect(lateDeltas.filter((delta) => delta.snapshot)).toHaveLength(1);
    const text = lateDeltas.map((delta) => delta.text).join('');
    expect(text).toBe('one two three four');
    const indexes = lateDeltas.map((delta) => delta.index);
    expect(indexes.slice(1)).toEqual(
      Array.from({ length: indexes.length - 1 }, (_, i) => indexes[0]! + 1 + i),
    );
    expect(indexes.at(-1)).toBe(3);
    // The snapshot comes right after the response's start.
    const startAt = late.findIndex(
      (item) =>
        item.kind === 'event' &&
        item.event.type === 'assistant_streaming_start' &&
        item.event.seq > 4,
    );
    expect(late[startAt + 1]!.kind).toBe('delta');
  });

  test('a subscriber resuming after the start of a live response gets a snapshot, then live deltas', async () => {
    const h = await createHarness({
      script: {
        tutor: ['Opening?', { chunks: ['one ', 'two ', 'three ', 'four'], chunkDelayMs: 40 }],
      },
    });
    const { sessionId } = await h.start();
    const early: EngineFeedItem[] = [];
    h.engine.subscribe(sessionId, { afterSeq: 0 }, collect(early));
    const { lastSeq } = await h.engine.sendUserMessage(sessionId, 'go');
    await vi.waitFor(
      () => expect(early.filter((item) => item.kind === 'delta').length).toBeGreaterThanOrEqual(2),
      { interval: 2 },
    );
    const resumed: EngineFeedItem[] = [];
    h.engine.subscribe(sessionId, { afterSeq: lastSeq }, collect(resumed));
    await h.engine.whenIdle(sessionId);
    const deltas = resumed.flatMap((item) => (item.kind === 'delta' ? [item.delta] : []));
    expect(deltas[0]!.snapshot).toBe(true);
    expect(deltas.map((delta) => delta.text).join('')).toBe('one two three four');
    expect(
      resumed
        .filter((item) => item.kind === 'event')
        .map((item) => item.kind === 'event' && item.event.type),
    ).toEqual(['assistant_streaming_end', 'assistant_message']);
  });

  test('a failing stream keeps the message, records the partial reply as interrupted and reports the error', async () => {
    const failure = new RecallError('LLM_UNAVAILABLE', 'overloaded', { retryAfterMs: 2000 });
    const h = await createHarness({
      script: {
        tutor: [
          'Opening?',
          { chunks: ['Partial ', 'reply'], error: failure, errorAfterChunks: 1 },
          'Recovered.',
        ],
      },
    });
    const { sessionId } = await h.start();
    const items: EngineFeedItem[] = [];
    const errors: RecallError[] = [];
    h.engine.on('error', ({ error }) => errors.push(error));
    h.engine.subscribe(sessionId, { afterSeq: 0 }, collect(items));
    const result = await h.engine.sendUserMessage(sessionId, 'hello', { clientMessageId: 'c-1' });
    expect(result.status).toBe('accepted');
    await h.engine.whenIdle(sessionId);
    const events = await h.events(sessionId);
    expect(events.slice(-4).map((event) => event.type)).toEqual([
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    const end = ofType(events, 'assistant_streaming_end').at(-1)!;
    expect(end.data).toMatchObject({ fullContent: 'Partial ', totalChunks: 1 });
    const message = ofType(events, 'assistant_message').at(-1)!;
    expect(message.data).toMatchObject({ content: 'Partial ', interrupted: true, agent: 'tutor' });
    expect(ofType(events, 'user_message').map((event) => event.data.content)).toEqual(['hello']);
    const errorItems = items.filter((item) => item.kind === 'error');
    expect(errorItems).toEqual([
      {
        kind: 'error',
        error: {
          code: 'LLM_UNAVAILABLE',
          message: 'overloaded',
          retryable: true,
          retryAfterMs: 2000,
          clientMessageId: 'c-1',
        },
      },
    ]);
    expect(errors.map((error) => error.code)).toEqual(['LLM_UNAVAILABLE']);
    // The session stays usable, and the partial reply is in the tutor's history.
    await h.say(sessionId, 'again');
    const last = h.llm.requestsOf('tutor').at(-1)!;
    expect(last.messages.map((m) => m.content).slice(2, 4)).toEqual(['hello', 'Partial ']);
    expect(ofType(await h.events(sessionId), 'assistant_message').at(-1)!.data.content).toBe(
      'Recovered.',
    );
  });

  test('close() interrupts in-flight turns, records them and rejects new commands', async () => {
    const h = await createHarness({
      script: { tutor: ['Opening?', { text: 'A very slow reply', latencyMs: 5_000 }] },
    });
    const { sessionId } = await h.start();
    await h.engine.sendUserMessage(sessionId, 'hello');
    const started = Date.now();
    await h.engine.close();
    expect(Date.now() - started).toBeLessThan(1000);
    const message = ofType(await h.events(sessionId), 'assistant_message').at(-1)!;
    expect(message.data).toMatchObject({ content: '', interrupted: true });
    await expect(h.engine.sendUserMessage(sessionId, 'more')).rejects.toMatchObject({
      code: 'ABORTED',
    });
    await expect(h.engine.startSession(h.recallSet.id)).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
