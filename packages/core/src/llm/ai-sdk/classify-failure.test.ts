import * as ai from 'ai';
import * as ai7Module from 'ai-7';
import { describe, expect, test } from 'vitest';
import { classifyFailure } from './classify-failure';
import type { AiSdkErrorClasses } from './load-ai';
import { codeOfFailure } from './map-ai-sdk-error';

// ai 7's error classes are nominally other types than ai 6's (this repository compiles against
// 6); at run time the adapter loads whichever major the app installed.
const ai7 = ai7Module as unknown as AiSdkErrorClasses & typeof ai7Module;

// Provider error shapes the HTTP tests (OpenAI-shaped) do not produce: Anthropic's and
// Google's, as @ai-sdk providers surface them (an APICallError with the parsed body as `data`,
// or the error object of a stream part).
function apiError(statusCode: number, data: unknown): ai.APICallError {
  return new ai.APICallError({
    message: 'failed',
    url: 'https://provider.test/v1',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify(data),
    data,
  });
}

describe('classifyFailure', () => {
  test.each([
    [
      'Anthropic 529 overloaded_error',
      apiError(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      'LLM_UNAVAILABLE',
    ],
    [
      'Anthropic prompt too long',
      apiError(400, {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'prompt is too long: 210000 tokens > 200000 maximum',
        },
      }),
      'LLM_CONTEXT_TOO_LONG',
    ],
    [
      'Anthropic billing_error',
      apiError(400, {
        type: 'error',
        error: { type: 'billing_error', message: 'Your credit balance is too low' },
      }),
      'LLM_AUTH',
    ],
    [
      'Google 429 RESOURCE_EXHAUSTED',
      apiError(429, {
        error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded' },
      }),
      'LLM_RATE_LIMITED',
    ],
    [
      'Google 503 UNAVAILABLE',
      apiError(503, {
        error: { code: 503, status: 'UNAVAILABLE', message: 'The model is overloaded.' },
      }),
      'LLM_UNAVAILABLE',
    ],
    [
      'Google 400 token count',
      apiError(400, {
        error: {
          code: 400,
          status: 'INVALID_ARGUMENT',
          message:
            'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
        },
      }),
      'LLM_CONTEXT_TOO_LONG',
    ],
    [
      'Google 403 PERMISSION_DENIED',
      apiError(403, {
        error: { code: 403, status: 'PERMISSION_DENIED', message: 'API key not valid.' },
      }),
      'LLM_AUTH',
    ],
    ['a 504 gateway timeout', apiError(504, {}), 'LLM_TIMEOUT'],
    [
      'a missing API key',
      new ai.LoadAPIKeyError({ message: 'OpenAI API key is missing.' }),
      'LLM_AUTH',
    ],
    [
      'an Anthropic stream error part',
      { type: 'overloaded_error', message: 'Overloaded' },
      'LLM_UNAVAILABLE',
    ],
    ['an unnamed stream error part', { message: 'Something broke.' }, 'LLM_UNAVAILABLE'],
    ['a dropped fetch', new TypeError('fetch failed'), 'LLM_UNAVAILABLE'],
    ['anything else', new Error('boom'), 'INTERNAL_ERROR'],
  ])('%s → %s', (_, thrown, code) => {
    expect(codeOfFailure(classifyFailure(thrown, ai).kind)).toBe(code);
  });

  test('a RetryError is classified by its last error', () => {
    const retried = new ai.RetryError({
      message: 'Failed after 3 attempts.',
      reason: 'maxRetriesExceeded',
      errors: [apiError(500, {}), apiError(429, { error: { code: 'rate_limit_exceeded' } })],
    });
    expect(classifyFailure(retried, ai).kind).toBe('rate-limited');
  });

  test('response headers travel with the failure (for retry-after)', () => {
    const error = new ai.APICallError({
      message: 'Too many requests',
      url: 'https://provider.test/v1',
      requestBodyValues: {},
      statusCode: 429,
      responseHeaders: { 'retry-after': '7' },
    });
    expect(classifyFailure(error, ai).headers?.get('retry-after')).toBe('7');
  });
});

// ai 7 wraps an error part of a 200 stream in StreamProviderError (ai 6 hands the payload over):
// both majors must sort it the same way, so that it is retried before any text was shown.
describe('error parts inside a 200 stream, on ai 6 and ai 7', () => {
  test.each([
    [
      'Anthropic overloaded_error',
      { type: 'overloaded_error', message: 'Overloaded' },
      'LLM_UNAVAILABLE',
    ],
    [
      'OpenAI rate limit',
      { error: { type: 'requests', code: 'rate_limit_exceeded', message: 'Slow down.' } },
      'LLM_RATE_LIMITED',
    ],
    [
      'OpenAI server_error',
      { error: { type: 'server_error', message: 'The server had an error.' } },
      'LLM_UNAVAILABLE',
    ],
    ['an unnamed payload', { message: 'Something broke.' }, 'LLM_UNAVAILABLE'],
  ])('%s → %s', (_, payload, code) => {
    const wrapped = new ai7Module.StreamProviderError({ message: 'provider error', data: payload });
    expect(codeOfFailure(classifyFailure(payload, ai).kind)).toBe(code);
    expect(codeOfFailure(classifyFailure(wrapped, ai7).kind)).toBe(code);
  });

  test('without a payload, the fields ai 7 read from it are classified', () => {
    const wrapped = new ai7Module.StreamProviderError({
      message: 'Rate limit reached',
      code: 'rate_limit_exceeded',
    });
    expect(classifyFailure(wrapped, ai7).kind).toBe('rate-limited');
  });
});
