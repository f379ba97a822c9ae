import type { RecallError, RecallErrorCode } from '@recall/core';
import type { ChatCompletionsReply } from '@recall/core/testing/openai';
import { describe, expect, test } from 'vitest';
import { CALL, codeOf, OK } from './ai-sdk-faults-harness';
import { deltaTexts, drain, useChatCompletions } from './use-chat-completions';

// Every fault a provider can produce before any text was streamed, over real HTTP, and what the
// AI SDK adapter makes of it. Faults after text and stalls: ai-sdk-faults-mid-stream.test.ts.
const api = useChatCompletions();

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
