import type Anthropic from '@anthropic-ai/sdk';
import type {
  LLMAdapter,
  LLMCallOptions,
  LLMMessage,
  LLMObjectOptions,
  LLMObjectResult,
  LLMStreamPart,
} from '../llm-adapter';
import { type AnthropicLLMOptions, resolveAnthropicLLMOptions } from './anthropic-llm-options';
import { buildMessageRequest } from './build-message-request';
import { generateValidatedObject, outputFormatFor } from './generate-object';
import { type AnthropicSdk, loadAnthropicSdk } from './load-sdk';
import { mapStopReason } from './map-stop-reason';
import { ANTHROPIC_DEFAULT_MODELS, roleOfCallKind } from './models';
import type { RetryPolicy } from '../retry/retry-policy';
import { type MessageStreamPart, streamMessage } from './stream-message';

/**
 * Creates the production `LLMAdapter` on the Anthropic Messages API. It is stateless: every
 * call carries its own system prompt and messages, so concurrent sessions and agents never
 * share context. `tutor` and `rabbithole` calls use the tutor model; judges use the judge model.
 *
 * - `streamText` streams text deltas, then one `finish` with the full text, stop reason and
 *   usage (input, output, cache-read and cache-write tokens).
 * - `generateObject` forces the output into the zod schema's JSON Schema (structured outputs),
 *   validates it, retries invalid output once and then throws `LLMOutputError`.
 * - The system prompt and the stable history carry `cache_control` breakpoints, and requests
 *   are serialized so consecutive turns share a byte-identical prefix.
 * - Failures are `RecallError`s (`LLM_AUTH`, `LLM_BAD_REQUEST`, `LLM_RATE_LIMITED`,
 *   `LLM_UNAVAILABLE`, `LLM_TIMEOUT`, `LLM_INTERRUPTED`, `ABORTED`); retryable ones are retried
 *   only while no text has been streamed.
 *
 * @example
 * const llm = createAnthropicLLM({ models: { tutor: 'claude-sonnet-5-5' } });
 * for await (const part of llm.streamText({ kind: 'tutor', system, messages })) {
 *   if (part.type === 'text-delta') process.stdout.write(part.text);
 * }
 */
export function createAnthropicLLM(options: AnthropicLLMOptions = {}): LLMAdapter {
  const settings = resolveAnthropicLLMOptions(options, { models: ANTHROPIC_DEFAULT_MODELS });
  // The SDK is an optional peer, loaded at the first call: without it that call fails with
  // PEER_DEPENDENCY_MISSING naming the package, instead of the import failing at start-up.
  let connecting: Promise<{ sdk: AnthropicSdk; client: Anthropic }> | undefined;
  const connect = () => {
    connecting ??= loadAnthropicSdk().then((sdk) => ({
      sdk,
      client: new sdk.Anthropic({
        apiKey: settings.apiKey,
        ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
        // Retries happen in streamMessage, where the "nothing streamed yet" rule can be enforced.
        maxRetries: 0,
        timeout: settings.timeoutMs,
        fetch: settings.fetch,
        defaultHeaders: settings.defaultHeaders,
        dangerouslyAllowBrowser: settings.dangerouslyAllowBrowser,
      }),
    }));
    return connecting;
  };
  const retry: RetryPolicy = {
    maxRetries: settings.maxRetries,
    initialDelayMs: settings.retryInitialDelayMs,
    maxDelayMs: settings.retryMaxDelayMs,
    maxRetryAfterMs: settings.maxRetryAfterMs,
    random: Math.random,
  };

  async function* send(
    call: LLMCallOptions,
    messages: readonly LLMMessage[],
    extra: { outputIsVisible: boolean; outputFormat?: ReturnType<typeof outputFormatFor> },
  ): AsyncGenerator<MessageStreamPart, void, undefined> {
    const { sdk, client } = await connect();
    const role = roleOfCallKind(call.kind);
    const request = buildMessageRequest({
      model: settings.models[role],
      system: call.system,
      messages,
      maxTokens: call.maxOutputTokens ?? settings.maxOutputTokens[role],
      temperature: call.temperature,
      outputFormat: extra.outputFormat,
    });
    yield* streamMessage({
      client,
      sdk,
      request,
      retry,
      timeoutMs: settings.timeoutMs,
      idleTimeoutMs: settings.idleTimeoutMs,
      signal: call.signal,
      outputIsVisible: extra.outputIsVisible,
    });
  }

  return {
    specificationVersion: 'recall-llm-v1',
    name: 'anthropic',
    streamText: (call) => streamText(call, send),
    generateObject: async <T>(call: LLMObjectOptions<T>): Promise<LLMObjectResult<T>> => {
      const { sdk } = await connect();
      const outputFormat = outputFormatFor(call.schema, sdk.zodOutputFormat);
      return generateValidatedObject({
        schema: call.schema,
        schemaName: call.schemaName,
        messages: call.messages,
        send: (messages) => send(call, messages, { outputIsVisible: false, outputFormat }),
      });
    },
  };
}

async function* streamText(
  call: LLMCallOptions,
  send: (
    call: LLMCallOptions,
    messages: readonly LLMMessage[],
    extra: { outputIsVisible: boolean },
  ) => AsyncIterable<MessageStreamPart>,
): AsyncGenerator<LLMStreamPart, void, undefined> {
  let text = '';
  for await (const part of send(call, call.messages, { outputIsVisible: true })) {
    switch (part.type) {
      case 'text-delta':
        text += part.text;
        yield part;
        break;
      case 'json-delta':
        break;
      case 'finish':
        yield {
          type: 'finish',
          text,
          finishReason: mapStopReason(part.stopReason),
          usage: part.usage,
        };
        return;
    }
  }
}
