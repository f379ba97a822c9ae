import { RecallError, type RecallErrorCode } from '@recall/core';
import type { ChatCompletionsReply } from '@recall/core/testing/openai';
import { describe, expect, test, vi } from 'vitest';
import { deltaTexts, drain, useChatCompletions } from './use-chat-completions';

// Every fault a provider can produce, over real HTTP, and what the AI SDK adapter makes of it.
const api = useChatCompletions();
const CALL = {
  kind: 'tutor',
  system: 'You are a tutor.',
  messages: [{ role: 'user', content: 'Explain tides.' }],
} as const;
const OK: ChatCompletionsReply = { type: 'text', text: 'The moon pulls the sea.' };

function codeOf(error: unknown): RecallErrorCode | undefined {
  return RecallError.isInstance(error) ? error.code : undefined;
}

function causeCodeOf(error: unknown): RecallErrorCode | undefined {
  return error instanceof Error ? codeOf(error.cause) : undefined;
}

describe('retries before any text was streamed', () => {
  test.each<[string, ChatCompletionsReply]>([
    ['429 with retry-after-ms', { type: 'error', status: 429, retryAfterMs: 5 }],
    ['503 overloaded', { type: 'error', status: 503, message: 'The server is overloaded.' }],
    ['529 overloaded', { type: 'error', status: 529 }],
    ['500 server error', { type: 'error', status: 500 }],
    ['408 request timeout', { type: 'error', status: 408 }],
    ['a reset connection', { type: 'network-error' }],
    ['an error chunk before the first delta', { type: 'text', text: [], end: { type: 'error' } }],
    [
      'a disconnect before the first delta',
      { type: 'text', text: [], end: { type: 'disconnect' } },
    ],
    ['a stream closed without finish_reason', { type: 'sse', data: [] }],
  ])('retries %s once, then streams the answer', async (_, failure) => {
    const standIn = await api.mock({ replies: [failure, OK] });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish', text: 'The moon pulls the sea.' });
    expect(standIn.requests).toHaveLength(2);
  });

  test('waits as long as retry-after-ms says (plus at most 10% jitter)', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'error', status: 429, retryAfterMs: 150 }, OK],
    });
    await drain(standIn.llm().streamText(CALL));
    const waited = standIn.requests[1]!.receivedAt - standIn.requests[0]!.receivedAt;
    expect(waited).toBeGreaterThanOrEqual(145);
    expect(waited).toBeLessThan(400);
  });

  test('honours retry-after in seconds', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'error', status: 503, retryAfterSeconds: 0.12 }, OK],
    });
    await drain(standIn.llm().streamText(CALL));
    const waited = standIn.requests[1]!.receivedAt - standIn.requests[0]!.receivedAt;
    expect(waited).toBeGreaterThanOrEqual(115);
  });

  test('gives up after maxRetries with LLM_UNAVAILABLE (retryable)', async () => {
    const overloaded: ChatCompletionsReply = { type: 'error', status: 503, retryAfterMs: 2 };
    const standIn = await api.mock({ replies: [overloaded, overloaded, overloaded, OK] });
    const { parts, error } = await drain(standIn.llm({ maxRetries: 2 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_UNAVAILABLE');
    expect((error as RecallError).retryable).toBe(true);
    expect(parts).toEqual([]);
    expect(standIn.requests).toHaveLength(3);
  });

  test('a persistent rate limit ends as LLM_RATE_LIMITED carrying the server-requested wait', async () => {
    const limited: ChatCompletionsReply = { type: 'error', status: 429, retryAfterMs: 3 };
    const standIn = await api.mock({ replies: [limited, limited] });
    const { error } = await drain(standIn.llm({ maxRetries: 1 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_RATE_LIMITED');
    expect((error as RecallError).retryAfterMs).toBe(3);
    expect((error as Error).message).toMatch(/429.*Mock requests/);
    expect(standIn.requests).toHaveLength(2);
  });

  test('does not wait out a retry-after longer than maxRetryAfterMs', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'error', status: 429, retryAfterSeconds: 3600 }, OK],
    });
    const { error } = await drain(standIn.llm({ maxRetryAfterMs: 1000 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_RATE_LIMITED');
    expect((error as RecallError).retryAfterMs).toBe(3_600_000);
    expect(standIn.requests).toHaveLength(1);
  });

  test('obeys x-should-retry: false', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'error', status: 500, headers: { 'x-should-retry': 'false' } }, OK],
    });
    const { error } = await drain(standIn.llm().streamText(CALL));
    expect(codeOf(error)).toBe('LLM_UNAVAILABLE');
    expect(standIn.requests).toHaveLength(1);
  });

  test('aborting during the backoff wait ends the call at once', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'error', status: 503, retryAfterMs: 10_000 }, OK],
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 60);
    const started = performance.now();
    const { error } = await drain(standIn.llm().streamText({ ...CALL, signal: controller.signal }));
    expect(codeOf(error)).toBe('ABORTED');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('errors that are never retried', () => {
  test.each<[string, ChatCompletionsReply, RecallErrorCode]>([
    ['401 invalid_api_key', { type: 'error', status: 401 }, 'LLM_AUTH'],
    ['403 forbidden', { type: 'error', status: 403 }, 'LLM_AUTH'],
    [
      '429 insufficient_quota (billing, not a rate limit)',
      { type: 'error', status: 429, errorType: 'insufficient_quota', code: 'insufficient_quota' },
      'LLM_AUTH',
    ],
    ['400 bad request', { type: 'error', status: 400 }, 'LLM_BAD_REQUEST'],
    ['404 model_not_found', { type: 'error', status: 404 }, 'LLM_BAD_REQUEST'],
    [
      '400 context_length_exceeded (OpenAI)',
      {
        type: 'error',
        status: 400,
        code: 'context_length_exceeded',
        message: "This model's maximum context length is 8192 tokens.",
      },
      'LLM_CONTEXT_TOO_LONG',
    ],
    [
      '400 without a code, worded as vLLM does',
      {
        type: 'error',
        status: 400,
        errorType: 'BadRequestError',
        code: null,
        message:
          "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.",
      },
      'LLM_CONTEXT_TOO_LONG',
    ],
    [
      '400 content_filter (Azure OpenAI)',
      {
        type: 'error',
        status: 400,
        code: 'content_filter',
        message:
          'The response was filtered due to the prompt triggering content management policy.',
      },
      'LLM_CONTENT_FILTERED',
    ],
  ])('%s is sent once and becomes %s', async (_, failure, code) => {
    const standIn = await api.mock({ replies: [failure, OK] });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(codeOf(error)).toBe(code);
    expect((error as RecallError).retryable).toBe(false);
    expect(parts).toEqual([]);
    expect(standIn.requests).toHaveLength(1);
  });

  test('the error message names the status and the provider’s words', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'error', status: 401, message: 'Incorrect API key provided: sk-te***' }],
    });
    const { error } = await drain(standIn.llm().streamText(CALL));
    expect((error as Error).message).toMatch(/credentials.*HTTP 401.*Incorrect API key provided/);
  });

  test('garbage JSON in the stream is a typed LLMOutputError, not retried', async () => {
    const standIn = await api.mock({ replies: [{ type: 'sse', data: ['{"id": "x", oops'] }, OK] });
    const { error } = await drain(standIn.llm().streamText(CALL));
    expect(codeOf(error)).toBe('LLM_OUTPUT_INVALID');
    expect(standIn.requests).toHaveLength(1);
  });

  test('finish_reason content_filter ends the response as LLM_CONTENT_FILTERED', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: ['Well, '], finishReason: 'content_filter' }, OK],
    });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(deltaTexts(parts)).toEqual(['Well, ']);
    expect(codeOf(error)).toBe('LLM_CONTENT_FILTERED');
    expect(standIn.requests).toHaveLength(1);
  });

  test('a refusal streams as text and ends as LLM_CONTENT_FILTERED', async () => {
    const standIn = await api.mock({ replies: [{ type: 'refusal', refusal: 'I cannot help.' }] });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(deltaTexts(parts).join('')).toBe('I cannot help.');
    expect(codeOf(error)).toBe('LLM_CONTENT_FILTERED');
  });
});

describe('failures after text was streamed', () => {
  test('an error chunk mid-stream ends as LLM_INTERRUPTED, classified by its type, not retried', async () => {
    const standIn = await api.mock({
      replies: [
        {
          type: 'text',
          text: ['One ', 'two ', 'three '],
          end: { type: 'error', errorType: 'server_error', message: 'The server had an error.' },
        },
        OK,
      ],
    });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(deltaTexts(parts)).toEqual(['One ', 'two ', 'three ']);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_UNAVAILABLE');
    expect(standIn.requests).toHaveLength(1);
  });

  test('a rate-limit error chunk mid-stream keeps its category as the cause', async () => {
    const standIn = await api.mock({
      replies: [
        {
          type: 'text',
          text: ['Partial '],
          end: { type: 'error', errorType: 'rate_limit_error', code: 'rate_limit_exceeded' },
        },
      ],
    });
    const { error } = await drain(standIn.llm().streamText(CALL));
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_RATE_LIMITED');
  });

  test('a real socket disconnect mid-stream ends as LLM_INTERRUPTED without a retry', async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'text', text: ['Half ', 'an ', 'answer'], end: { type: 'disconnect' } },
        OK,
      ],
    });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(deltaTexts(parts).join('')).toBe('Half an answer');
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_UNAVAILABLE');
    expect(standIn.requests).toHaveLength(1);
    // The stand-in dropped it on purpose: not a client abort.
    expect(standIn.requests[0]!.aborted).toBe(false);
  });
});

describe('stalls', () => {
  test('a stream that stalls after text is cut by the idle timeout and ends as LLM_INTERRUPTED', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: ['Thinking '], end: { type: 'stall' } }, OK],
    });
    const idleTimeoutMs = 150;
    const started = performance.now();
    const { parts, error } = await drain(standIn.llm({ idleTimeoutMs }).streamText(CALL));
    const elapsed = performance.now() - started;
    expect(deltaTexts(parts)).toEqual(['Thinking ']);
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_TIMEOUT');
    expect(elapsed).toBeGreaterThanOrEqual(idleTimeoutMs - 5);
    expect(elapsed).toBeLessThan(3 * idleTimeoutMs + 200);
    await vi.waitFor(() => expect(standIn.requests[0]?.aborted).toBe(true));
    expect(standIn.requests).toHaveLength(1);
  });

  test('a stall before any text times out as LLM_TIMEOUT and is retried', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: [], end: { type: 'stall' } }, OK],
    });
    const { parts, error } = await drain(standIn.llm({ idleTimeoutMs: 100 }).streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });
    expect(standIn.requests).toHaveLength(2);
    await vi.waitFor(() => expect(standIn.requests[0]?.aborted).toBe(true));
  });

  test('slow but steady chunks never trip the idle timeout', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: ['a ', 'b ', 'c ', 'd ', 'e'] }],
      chunkDelayMs: 60,
    });
    const { error, parts } = await drain(standIn.llm({ idleTimeoutMs: 150 }).streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish', text: 'a b c d e' });
  });

  test('headers that never come are cut by timeoutMs as LLM_TIMEOUT', async () => {
    const standIn = await api.mock({ replies: [OK], headersDelayMs: 5000 });
    const started = performance.now();
    const { error } = await drain(standIn.llm({ timeoutMs: 100, maxRetries: 0 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(1000);
    await vi.waitFor(() => expect(standIn.requests[0]?.aborted).toBe(true));
  });
});
