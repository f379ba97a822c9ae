import { describe, expect, test } from 'vitest';
import { resolveAiSdkLLMOptions } from './ai-sdk-llm-options';

const model = { specificationVersion: 'v3', provider: 'test', modelId: 'm' } as never;
const judge = { specificationVersion: 'v3', provider: 'test', modelId: 'j' } as never;

describe('resolveAiSdkLLMOptions', () => {
  test('defaults: the judge is the tutor model, native structured output, caching on', () => {
    expect(resolveAiSdkLLMOptions({ tutor: model })).toEqual({
      models: { tutor: model, judge: model },
      structuredOutput: 'native',
      providerOptions: { tutor: undefined, judge: undefined },
      promptCaching: true,
      maxOutputTokens: { tutor: 2048, judge: 1024 },
      maxRetries: 2,
      retryInitialDelayMs: 500,
      retryMaxDelayMs: 8000,
      maxRetryAfterMs: 60_000,
      timeoutMs: 60_000,
      idleTimeoutMs: 30_000,
    });
    expect(resolveAiSdkLLMOptions({ tutor: model, judge }).models).toEqual({
      tutor: model,
      judge,
    });
  });

  test.each([
    [{}, /`tutor` must be an AI SDK language model/],
    [{ tutor: model, judge: {} }, /`judge` must be an AI SDK language model/],
    [{ tutor: model, structuredOutput: 'json' }, /`structuredOutput` must be 'native' or 'text'/],
    [{ tutor: model, maxRetries: -1 }, /`maxRetries` must be an integer ≥ 0/],
    [
      { tutor: model, maxOutputTokens: { judge: 0 } },
      /`maxOutputTokens.judge` must be an integer ≥ 1/,
    ],
    [{ tutor: model, idleTimeoutMs: 0 }, /`idleTimeoutMs` must be a positive number/],
    [{ tutor: model, timeoutMs: Number.NaN }, /`timeoutMs` must be a positive number/],
  ])('rejects %o with a TypeError naming the option', (options, message) => {
    expect(() => resolveAiSdkLLMOptions(options as never)).toThrow(TypeError);
    expect(() => resolveAiSdkLLMOptions(options as never)).toThrow(message);
  });
});
