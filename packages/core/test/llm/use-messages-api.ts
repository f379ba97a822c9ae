import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createAnthropicLLM } from '@recall/core/llm/anthropic';
import type { AnthropicLLMOptions } from '@recall/core/llm/anthropic';
import {
  createMessagesApiHandlers,
  type MessagesApiHandlers,
  type MessagesApiHandlersOptions,
} from '@recall/core/testing/msw';
import type { LLMAdapter, LLMStreamPart } from '@recall/core';

export const BASE_URL = 'https://api.anthropic.test';

/**
 * Installs an msw server for the test file; `mock()` scripts the Messages API for one test.
 * Unhandled requests fail the test, so nothing can reach a real network.
 */
export function useMessagesApi(): {
  mock: (options?: MessagesApiHandlersOptions) => MessagesApiHandlers;
} {
  const server = setupServer();
  // msw 3 names the option onUnhandledFrame, msw 2 (the core-ai7-msw2 project) onUnhandledRequest.
  const strict = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
  beforeAll(() => server.listen(strict as Parameters<typeof server.listen>[0]));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    mock(options = {}) {
      const api = createMessagesApiHandlers({ baseURL: BASE_URL, ...options });
      server.use(...api.handlers);
      return api;
    },
  };
}

/** An adapter against the mock with test-sized delays. */
export function testLLM(options: AnthropicLLMOptions = {}): LLMAdapter {
  return createAnthropicLLM({
    apiKey: 'sk-test',
    baseURL: BASE_URL,
    retryInitialDelayMs: 5,
    retryMaxDelayMs: 20,
    ...options,
  });
}

/** Drains a stream, returning its parts and the error it ended with, if any. */
export async function drain(
  stream: AsyncIterable<LLMStreamPart>,
): Promise<{ parts: LLMStreamPart[]; error: unknown }> {
  const parts: LLMStreamPart[] = [];
  try {
    for await (const part of stream) parts.push(part);
    return { parts, error: undefined };
  } catch (error) {
    return { parts, error };
  }
}

/** The text of the `text-delta` parts. */
export function deltaTexts(parts: readonly LLMStreamPart[]): string[] {
  return parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : []));
}

/** The tutor call anthropic-stream-text.test.ts and anthropic-stream-text-options.test.ts send. */
export const TUTOR_CALL = {
  kind: 'tutor',
  system: 'You are a tutor.',
  messages: [{ role: 'user', content: 'What is photosynthesis?' }],
} as const;
