import { describe, expect, it } from 'vitest';
import {
  planHttpError,
  planRawStream,
  planSingleResponse,
  type ResponseFrame,
  resolveTiming,
  streamedFrames,
} from './response-plan';
import { createStandInState, parseJsonObject, type RecordedStandInRequest } from './stand-in-state';

const data = (text: string): ResponseFrame => ({ type: 'data', data: text });
const noDelay = { headersDelayMs: 0, firstTokenDelayMs: 0, chunkDelayMs: 0 };

describe('the stand-ins’ shared planning', () => {
  it('lets a reply’s own timing win over the stand-in’s, field by field', () => {
    expect(
      resolveTiming({ timing: { chunkDelayMs: 5 } }, { chunkDelayMs: 1, headersDelayMs: 2 }),
    ).toEqual({
      headersDelayMs: 2,
      firstTokenDelayMs: 0,
      chunkDelayMs: 5,
    });
  });

  it('waits for the first token after the head and between deltas, never before the first', () => {
    const frames = streamedFrames({
      timing: { headersDelayMs: 9, firstTokenDelayMs: 30, chunkDelayMs: 10 },
      head: [data('start')],
      opening: [data('block')],
      deltas: [data('a'), data('b')],
    });
    expect(frames).toEqual([
      data('start'),
      { type: 'wait', ms: 30 },
      data('block'),
      data('a'),
      { type: 'wait', ms: 10 },
      data('b'),
    ]);
    expect(streamedFrames({ timing: noDelay, head: [], deltas: [data('a'), data('b')] })).toEqual([
      data('a'),
      data('b'),
    ]);
  });

  it('plays raw stream data without a first-token wait and ends with the scripted drop', () => {
    const plan = planRawStream({
      encoded: ['x', 'y'],
      end: { type: 'disconnect' },
      timing: { headersDelayMs: 4, firstTokenDelayMs: 50, chunkDelayMs: 2 },
      headers: { 'content-type': 'text/event-stream' },
    });
    expect(plan).toEqual({
      kind: 'response',
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      headersDelayMs: 4,
      frames: [data('x'), { type: 'wait', ms: 2 }, data('y'), { type: 'disconnect' }],
    });
  });

  it('puts retry-after headers before the reply’s own and takes the reply’s header delay', () => {
    const plan = planHttpError({
      reply: {
        status: 429,
        retryAfterMs: 1500,
        retryAfterSeconds: 2,
        headers: { 'retry-after': '9' },
      },
      timing: { headersDelayMs: 7 },
      headers: { 'content-type': 'application/json' },
      body: { error: 'slow down' },
    });
    expect(plan).toEqual({
      kind: 'response',
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after-ms': '1500', 'retry-after': '9' },
      headersDelayMs: 7,
      frames: [data('{"error":"slow down"}')],
    });
  });

  it('answers an unstreamed reply by its end: body, error body, dropped socket or stall', () => {
    const timing = { headersDelayMs: 3, firstTokenDelayMs: 4, chunkDelayMs: 100 };
    const plan = (end: Parameters<typeof planSingleResponse>[0]['end']) =>
      planSingleResponse({
        end,
        timing,
        headers: { h: '1' },
        error: () => ({ status: 529, body: 'overloaded' }),
        complete: () => ({ ok: true }),
      });
    expect(plan(undefined)).toMatchObject({
      status: 200,
      headersDelayMs: 7,
      frames: [data('{"ok":true}')],
    });
    expect(plan({ type: 'error' })).toMatchObject({ status: 529, frames: [data('"overloaded"')] });
    expect(plan({ type: 'disconnect' })).toEqual({ kind: 'network-error', delayMs: 7 });
    expect(plan({ type: 'stall' })).toEqual({ kind: 'stall' });
  });
});

describe('createStandInState', () => {
  type Request = RecordedStandInRequest<{ model: string }>;
  const state = (replies?: readonly string[] | ((request: Request, index: number) => string)) =>
    createStandInState<{ model: string }, Request, string>({
      replies,
      defaultReply: 'default',
      exhausted: (index, scripted) => `none for #${index + 1} of ${scripted}`,
      parseBody: (raw) => parseJsonObject(raw) as { model: string } | undefined,
      emptyBody: () => ({ model: '' }),
      invalidBody: 'bad body',
      plan: ({ reply, sequence, parsed }) => ({
        kind: 'response',
        status: 200,
        headers: { reply, parsed: String(parsed !== undefined) },
        headersDelayMs: sequence,
        frames: [],
      }),
    });
  const headersOf = (received: ReturnType<ReturnType<typeof state>['receive']>) =>
    received.plan.kind === 'response' ? received.plan.headers : undefined;

  it('records every request and consumes the queue in order, then says it ran out', () => {
    const standIn = state(['first']);
    const one = standIn.receive({ rawBody: '{"model":"m"}', headers: { a: '1' } });
    const two = standIn.receive({ rawBody: '{"model":"m"}', headers: {} });
    expect(headersOf(one)).toEqual({ reply: 'first', parsed: 'true' });
    expect(headersOf(two)?.reply).toBe('none for #2 of 1');
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.requests[0]).toMatchObject({
      body: { model: 'm' },
      headers: { a: '1' },
      aborted: false,
    });
  });

  it('answers an unreadable body with the invalid-body reply and records an empty body', () => {
    const standIn = state(['unused']);
    const received = standIn.receive({ rawBody: '[1]', headers: {} });
    expect(headersOf(received)).toEqual({ reply: 'bad body', parsed: 'false' });
    expect(received.request.body).toEqual({ model: '' });
  });

  it('asks a reply function with the request and its index, or gives the default', () => {
    const routed = state((request, index) => `${request.body.model}#${index}`);
    expect(headersOf(routed.receive({ rawBody: '{"model":"x"}', headers: {} }))?.reply).toBe('x#0');
    expect(headersOf(state().receive({ rawBody: '{}', headers: {} }))?.reply).toBe('default');
  });
});
