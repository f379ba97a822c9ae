import { RecallError, type LLMStreamPart } from '@recall/core';
import { createAnthropicLLM } from '@recall/core/llm/anthropic';
import { describe, expect, test, vi } from 'vitest';
import {
  BASE_URL,
  deltaTexts,
  drain,
  TUTOR_CALL as CALL,
  testLLM,
  useMessagesApi,
} from './use-messages-api';

// Cancelling a streamed call and configuring the adapter. The stream itself:
// anthropic-stream-text.test.ts.
const api = useMessagesApi();

describe('cancellation', () => {
  test('aborting the signal mid-stream throws ABORTED and closes the HTTP stream', async () => {
    const mock = api.mock({
      replies: [{ type: 'text', text: ['a ', 'b ', 'c ', 'd ', 'e ', 'f ', 'g ', 'h'] }],
      chunkDelayMs: 50,
    });
    const controller = new AbortController();
    const parts: LLMStreamPart[] = [];
    const failure = await (async () => {
      try {
        for await (const part of testLLM().streamText({ ...CALL, signal: controller.signal })) {
          parts.push(part);
          if (parts.length === 2) controller.abort();
        }
      } catch (error) {
        return error;
      }
    })();
    expect(RecallError.isInstance(failure) && failure.code).toBe('ABORTED');
    expect(deltaTexts(parts)).toEqual(['a ', 'b ']);
    await vi.waitFor(() => expect(mock.requests[0]?.aborted).toBe(true));
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]?.completedAt).toBeUndefined();
  });

  test('aborting before the response starts throws ABORTED and cancels the request', async () => {
    // Headers are a minute away: only an abort that works ends the call within the test's time.
    const mock = api.mock({ headersDelayMs: 60_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const { error } = await drain(testLLM().streamText({ ...CALL, signal: controller.signal }));
    expect(RecallError.isInstance(error) && error.code).toBe('ABORTED');
    await vi.waitFor(() => expect(mock.requests[0]?.aborted).toBe(true));
  });

  test('an already aborted signal sends nothing', async () => {
    const mock = api.mock();
    const { error } = await drain(testLLM().streamText({ ...CALL, signal: AbortSignal.abort() }));
    expect(RecallError.isInstance(error) && error.code).toBe('ABORTED');
    expect(mock.requests).toHaveLength(0);
  });

  test('a consumer that stops iterating early closes the HTTP stream', async () => {
    const mock = api.mock({
      replies: [{ type: 'text', text: ['1 ', '2 ', '3 ', '4'] }],
      chunkDelayMs: 50,
    });
    for await (const part of testLLM().streamText(CALL)) {
      if (part.type === 'text-delta') break;
    }
    await vi.waitFor(() => expect(mock.requests[0]?.aborted).toBe(true));
  });
});

describe('configuration', () => {
  test('honours ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-from-env');
    vi.stubEnv('ANTHROPIC_BASE_URL', BASE_URL);
    try {
      const mock = api.mock();
      const { error } = await drain(createAnthropicLLM().streamText(CALL));
      expect(error).toBeUndefined();
      expect(
        mock.requests[0]?.headers.authorization ?? mock.requests[0]?.headers['x-api-key'],
      ).toContain('sk-from-env');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  test('rejects a missing key and invalid options at once with a TypeError', () => {
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    try {
      expect(() => createAnthropicLLM()).toThrow(/ANTHROPIC_API_KEY/);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(() => createAnthropicLLM({ apiKey: 'k', maxRetries: -1 })).toThrow(TypeError);
    expect(() => createAnthropicLLM({ apiKey: 'k', idleTimeoutMs: 0 })).toThrow(/idleTimeoutMs/);
    expect(() => createAnthropicLLM({ apiKey: 'k', models: { tutor: '' } })).toThrow(
      /models\.tutor/,
    );
  });

  test('identifies itself as a recall-llm-v1 adapter', () => {
    const llm = testLLM();
    expect(llm.specificationVersion).toBe('recall-llm-v1');
    expect(llm.name).toBe('anthropic');
  });
});
