import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LLMAdapter, LLMStreamPart } from '@recall/core';
import { type AiSdkLLMOptions, createAiSdkLLM } from '@recall/core/llm/ai-sdk';
import {
  type ChatCompletionsServer,
  type ChatCompletionsServerOptions,
  startChatCompletionsServer,
} from '@recall/core/testing/openai';
import { afterEach } from 'vitest';

/**
 * Starts a Chat Completions stand-in per test (closed after it); `mock()` scripts it and
 * returns it with an adapter factory wired to it through `@ai-sdk/openai-compatible`.
 */
export function useChatCompletions(): {
  mock: (options?: ChatCompletionsServerOptions) => Promise<StandIn>;
} {
  const open: ChatCompletionsServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return {
    async mock(options = {}) {
      const server = await startChatCompletionsServer(options);
      open.push(server);
      return {
        server,
        requests: server.requests,
        llm: (overrides = {}) => testLLM(server.baseURL, overrides),
      };
    },
  };
}

/** A scripted stand-in and adapters against it. */
export interface StandIn {
  server: ChatCompletionsServer;
  requests: ChatCompletionsServer['requests'];
  /** An adapter with test-sized delays; `overrides` win. */
  llm: (overrides?: Partial<AiSdkLLMOptions> & ProviderSettings) => LLMAdapter;
}

/** Settings of the OpenAI-compatible provider the adapter is given. */
export interface ProviderSettings {
  /** @default true */
  supportsStructuredOutputs?: boolean;
  /** @default true */
  includeUsage?: boolean;
}

export const TUTOR_MODEL = 'tutor-model';
export const JUDGE_MODEL = 'judge-model';

/** An adapter against the stand-in at `baseURL`. */
export function testLLM(
  baseURL: string,
  overrides: Partial<AiSdkLLMOptions> & ProviderSettings = {},
): LLMAdapter {
  const { supportsStructuredOutputs = true, includeUsage = true, ...options } = overrides;
  const provider = createOpenAICompatible({
    name: 'standin',
    baseURL,
    apiKey: 'sk-test',
    includeUsage,
    supportsStructuredOutputs,
  });
  return createAiSdkLLM({
    tutor: provider(TUTOR_MODEL),
    judge: provider(JUDGE_MODEL),
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
