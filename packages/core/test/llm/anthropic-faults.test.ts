import { RecallError, type RecallErrorCode } from '@recall/core';
import type { MessagesApiReply } from '@recall/core/testing';
import { describe, expect, test, vi } from 'vitest';
import { deltaTexts, drain, testLLM, useMessagesApi } from './use-messages-api';

const api = useMessagesApi();
const CALL = {
  kind: 'tutor',
  system: 'You are a tutor.',
  messages: [{ role: 'user', content: 'Explain tides.' }],
} as const;
const OK: MessagesApiReply = { type: 'text', text: 'The moon pulls the sea.' };

function codeOf(error: unknown): RecallErrorCode | undefined {
  return RecallError.isInstance(error) ? error.code : undefined;
}

function causeCodeOf(error: unknown): RecallErrorCode | undefined {
  return error instanceof Error ? codeOf(error.cause) : undefined;
}

describe('retries before any text was streamed', () => {
  test.each<[string, MessagesApiReply]>([
    ['429 with retry-after-ms', { type: 'error', status: 429, retryAfterMs: 5 }],
    ['529 overloaded', { type: 'error', status: 529, retryAfterMs: 5 }],
    ['500 server error', { type: 'error', status: 500 }],
    ['503 unavailable', { type: 'error', status: 503 }],
    ['408 request timeout', { type: 'error', status: 408 }],
    ['a refused connection', { type: 'network-error' }],
    [
      'event: error before the first delta',
      { type: 'text', text: [], end: { type: 'error', errorType: 'overloaded_error' } },
    ],
    [
      'a disconnect before the first delta',
      { type: 'text', text: [], end: { type: 'disconnect' } },
    ],
  ])('retries %s once, then streams the answer', async (_, failure) => {
    const mock = api.mock({ replies: [failure, OK] });
    const { parts, error } = await drain(testLLM().streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish', text: 'The moon pulls the sea.' });
    expect(mock.requests).toHaveLength(2);
  });

  test('waits as long as retry-after-ms says (plus at most 10% jitter)', async () => {
    const mock = api.mock({ replies: [{ type: 'error', status: 429, retryAfterMs: 150 }, OK] });
    await drain(testLLM().streamText(CALL));
    const waited = mock.requests[1]!.receivedAt - mock.requests[0]!.receivedAt;
    expect(waited).toBeGreaterThanOrEqual(145);
    expect(waited).toBeLessThan(400);
  });

  test('honours retry-after in seconds', async () => {
    const mock = api.mock({
      replies: [{ type: 'error', status: 529, retryAfterSeconds: 0.12 }, OK],
    });
    await drain(testLLM().streamText(CALL));
    expect(mock.requests[1]!.receivedAt - mock.requests[0]!.receivedAt).toBeGreaterThanOrEqual(115);
  });

  test('gives up after maxRetries with LLM_UNAVAILABLE (retryable)', async () => {
    const overloaded: MessagesApiReply = { type: 'error', status: 529, retryAfterMs: 2 };
    const mock = api.mock({ replies: [overloaded, overloaded, overloaded, OK] });
    const { parts, error } = await drain(testLLM({ maxRetries: 2 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_UNAVAILABLE');
    expect((error as RecallError).retryable).toBe(true);
    expect(parts).toEqual([]);
    expect(mock.requests).toHaveLength(3);
  });

  test('a persistent rate limit ends as LLM_RATE_LIMITED with the server-requested wait', async () => {
    const limited: MessagesApiReply = { type: 'error', status: 429, retryAfterMs: 3 };
    const mock = api.mock({ replies: [limited, limited] });
    const { error } = await drain(testLLM({ maxRetries: 1 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_RATE_LIMITED');
    expect((error as RecallError).retryAfterMs).toBe(3);
    expect(mock.requests).toHaveLength(2);
  });

  test('does not wait out a retry-after longer than maxRetryAfterMs', async () => {
    const mock = api.mock({
      replies: [{ type: 'error', status: 429, retryAfterSeconds: 3600 }, OK],
    });
    const { error } = await drain(testLLM({ maxRetryAfterMs: 1000 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_RATE_LIMITED');
    expect((error as RecallError).retryAfterMs).toBe(3_600_000);
    expect(mock.requests).toHaveLength(1);
  });

  test('obeys x-should-retry: false', async () => {
    const mock = api.mock({
      replies: [{ type: 'error', status: 500, headers: { 'x-should-retry': 'false' } }, OK],
    });
    const { error } = await drain(testLLM().streamText(CALL));
    expect(codeOf(error)).toBe('LLM_UNAVAILABLE');
    expect(mock.requests).toHaveLength(1);
  });

  test('aborting during the backoff wait ends the call at once', async () => {
    const mock = api.mock({ replies: [{ type: 'error', status: 529, retryAfterMs: 10_000 }, OK] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 60);
    const started = performance.now();
    const { error } = await drain(testLLM().streamText({ ...CALL, signal: controller.signal }));
    expect(codeOf(error)).toBe('ABORTED');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(mock.requests).toHaveLength(1);
  });
});

describe('errors that are never retried', () => {
  test.each<[number, RecallErrorCode]>([
    [400, 'LLM_BAD_REQUEST'],
    [401, 'LLM_AUTH'],
    [403, 'LLM_AUTH'],
    [404, 'LLM_BAD_REQUEST'],
    [413, 'LLM_BAD_REQUEST'],
  ])('HTTP %i is sent once and becomes %s', async (status, code) => {
    const mock = api.mock({ replies: [{ type: 'error', status, retryAfterMs: 1 }, OK] });
    const { parts, error } = await drain(testLLM().streamText(CALL));
    expect(codeOf(error)).toBe(code);
    expect((error as RecallError).retryable).toBe(false);
    expect(parts).toEqual([]);
    expect(mock.requests).toHaveLength(1);
  });

  test('a prompt longer than the context window is LLM_CONTEXT_TOO_LONG, not retried', async () => {
    const mock = api.mock({
      replies: [
        {
          type: 'error',
          status: 400,
          message: 'prompt is too long: 210000 tokens > 200000 maximum',
        },
        OK,
      ],
    });
    const { error } = await drain(testLLM().streamText(CALL));
    expect(codeOf(error)).toBe('LLM_CONTEXT_TOO_LONG');
    expect(mock.requests).toHaveLength(1);
  });

  test('the error message names the provider status and category', async () => {
    api.mock({ replies: [{ type: 'error', status: 401, message: 'invalid x-api-key' }] });
    const { error } = await drain(testLLM().streamText(CALL));
    expect((error as Error).message).toMatch(/401.*authentication_error.*invalid x-api-key/);
  });

  test('garbage JSON in the stream is a typed LLMOutputError', async () => {
    const mock = api.mock({
      replies: [
        {
          type: 'sse',
          events: [{ event: 'message_start', data: '{"type":"message_start", oops' }],
        },
      ],
    });
    // The SDK also logs the unparsable line to the console ("Could not parse message into
    // JSON"); that is the SDK's own log, read from ANTHROPIC_LOG when the client is created.
    vi.stubEnv('ANTHROPIC_LOG', 'off');
    try {
      const { error } = await drain(testLLM().streamText(CALL));
      expect(codeOf(error)).toBe('LLM_OUTPUT_INVALID');
      expect(mock.requests).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('failures after text was streamed', () => {
  test('event: error mid-stream ends as LLM_INTERRUPTED, classified by error.type, not retried', async () => {
    const mock = api.mock({
      replies: [
        {
          type: 'text',
          text: ['One ', 'two ', 'three '],
          end: { type: 'error', errorType: 'overloaded_error' },
        },
        OK,
      ],
    });
    const { parts, error } = await drain(testLLM().streamText(CALL));
    expect(deltaTexts(parts)).toEqual(['One ', 'two ', 'three ']);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_UNAVAILABLE');
    expect(mock.requests).toHaveLength(1);
  });

  test('a rate_limit_error event mid-stream keeps its category as the cause', async () => {
    api.mock({
      replies: [
        { type: 'text', text: ['Partial '], end: { type: 'error', errorType: 'rate_limit_error' } },
      ],
    });
    const { error } = await drain(testLLM().streamText(CALL));
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_RATE_LIMITED');
  });

  test('a stream cut off after text (no message_stop) ends as LLM_INTERRUPTED without a retry', async () => {
    const mock = api.mock({
      replies: [
        { type: 'text', text: ['Half ', 'an ', 'answer'], end: { type: 'disconnect' } },
        OK,
      ],
    });
    const { parts, error } = await drain(testLLM().streamText(CALL));
    expect(deltaTexts(parts).join('')).toBe('Half an answer');
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(mock.requests).toHaveLength(1);
  });
});

describe('stalls', () => {
  test('a stream that stalls after text is cut by the idle timeout and ends as LLM_INTERRUPTED', async () => {
    const mock = api.mock({
      replies: [{ type: 'text', text: ['Thinking '], end: { type: 'stall' } }, OK],
    });
    const idleTimeoutMs = 150;
    const started = performance.now();
    const { parts, error } = await drain(testLLM({ idleTimeoutMs }).streamText(CALL));
    const elapsed = performance.now() - started;
    expect(deltaTexts(parts)).toEqual(['Thinking ']);
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_TIMEOUT');
    expect(elapsed).toBeGreaterThanOrEqual(idleTimeoutMs - 5);
    expect(elapsed).toBeLessThan(3 * idleTimeoutMs);
    // The server saw the request closed.
    await vi.waitFor(() => expect(mock.requests[0]?.aborted).toBe(true));
    expect(mock.requests).toHaveLength(1);
  });

  test('a stall before any text times out as LLM_TIMEOUT and is retried', async () => {
    const mock = api.mock({ replies: [{ type: 'text', text: [], end: { type: 'stall' } }, OK] });
    const { parts, error } = await drain(testLLM({ idleTimeoutMs: 100 }).streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });
    expect(mock.requests).toHaveLength(2);
    await vi.waitFor(() => expect(mock.requests[0]?.aborted).toBe(true));
  });

  test('a stall with no retries left is LLM_TIMEOUT', async () => {
    api.mock({ replies: [{ type: 'text', text: [], end: { type: 'stall' } }] });
    const { error } = await drain(testLLM({ idleTimeoutMs: 100, maxRetries: 0 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_TIMEOUT');
  });

  test('slow but steady chunks never trip the idle timeout', async () => {
    api.mock({
      replies: [{ type: 'text', text: ['a ', 'b ', 'c ', 'd ', 'e'] }],
      chunkDelayMs: 60,
    });
    const { error, parts } = await drain(testLLM({ idleTimeoutMs: 150 }).streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish', text: 'a b c d e' });
  });

  test('headers that never come are cut by timeoutMs as LLM_TIMEOUT', async () => {
    const mock = api.mock({ replies: [OK], headersDelayMs: 5000 });
    const started = performance.now();
    const { error } = await drain(testLLM({ timeoutMs: 100, maxRetries: 0 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(1000);
    await vi.waitFor(() => expect(mock.requests[0]?.aborted).toBe(true));
  });
});
