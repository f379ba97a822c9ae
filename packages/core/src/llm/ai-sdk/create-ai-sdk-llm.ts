import { RecallError } from '../../errors/recall-error';
import type {
  LLMAdapter,
  LLMCallOptions,
  LLMObjectOptions,
  LLMObjectResult,
  LLMStreamPart,
} from '../llm-adapter';
import { roleOfCallKind } from '../model-role';
import type { RetryPolicy } from '../retry/retry-policy';
import { retryStream } from '../retry/retry-stream';
import { type AiSdkLLMOptions, resolveAiSdkLLMOptions } from './ai-sdk-llm-options';
import { buildPrompt } from './build-prompt';
import { generateAttempt, type GeneratedReply } from './generate-attempt';
import { generateJudgedObject, jsonSchemaText } from './judge-output';
import { loadAiSdk } from './load-ai';
import { mapAiSdkError } from './map-ai-sdk-error';
import { mapFinishReason } from './map-finish-reason';
import { streamAttempt } from './stream-attempt';

/**
 * Creates an `LLMAdapter` over AI SDK language models, so any provider `ai` 6 accepts
 * (`@ai-sdk/openai`, `@ai-sdk/anthropic`, `@ai-sdk/google`, `@ai-sdk/openai-compatible` for
 * Ollama, llama.cpp, vLLM and gateways, …) can run Recall sessions. It calls the models through
 * `ai`'s own `streamText` and `generateText` with `maxRetries: 0`; Recall's retry policy is the
 * only one. It is stateless: every call carries its own system prompt and messages.
 *
 * - `streamText` streams text deltas, then one `finish` with the full text, finish reason and
 *   usage (uncached input, output, cache-read and cache-write tokens, as the provider reports).
 * - `generateObject` asks for the zod schema's JSON (natively, or in the text with
 *   `structuredOutput: 'text'`), validates it with zod, repairs invalid output once and then
 *   throws `LLMOutputError` (`LLM_OUTPUT_INVALID`).
 * - Failures are `RecallError`s: `LLM_AUTH`, `LLM_BAD_REQUEST`, `LLM_RATE_LIMITED` (with
 *   `retryAfterMs`), `LLM_UNAVAILABLE`, `LLM_TIMEOUT`, `LLM_CONTEXT_TOO_LONG`,
 *   `LLM_CONTENT_FILTERED`, `LLM_INTERRUPTED`, `ABORTED`; retryable ones are retried only while
 *   no text has been streamed.
 * - Anthropic models get cache breakpoints on the system prompt and the stable history; the
 *   prompt prefix is byte-stable for providers that cache prefixes automatically (OpenAI).
 *
 * `ai` is an optional peer dependency, loaded at the first call.
 *
 * @example
 * import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
 * const ollama = createOpenAICompatible({
 *   name: 'ollama', baseURL: 'http://127.0.0.1:11434/v1',
 *   includeUsage: true, supportsStructuredOutputs: true,
 * });
 * const llm = createAiSdkLLM({ tutor: ollama('qwen3:14b'), judge: ollama('qwen3:8b') });
 */
export function createAiSdkLLM(options: AiSdkLLMOptions): LLMAdapter {
  const settings = resolveAiSdkLLMOptions(options);
  const retry: RetryPolicy = {
    maxRetries: settings.maxRetries,
    initialDelayMs: settings.retryInitialDelayMs,
    maxDelayMs: settings.retryMaxDelayMs,
    maxRetryAfterMs: settings.maxRetryAfterMs,
    random: Math.random,
  };

  async function* streamText(call: LLMCallOptions): AsyncGenerator<LLMStreamPart, void, undefined> {
    const ai = await loadAiSdk();
    const role = roleOfCallKind(call.kind);
    const prompt = buildPrompt({
      system: call.system,
      messages: call.messages,
      cacheBreakpoints: settings.promptCaching,
    });
    let text = '';
    const parts = retryStream({
      policy: retry,
      signal: call.signal,
      outputIsVisible: true,
      attempt: () =>
        streamAttempt({
          ai,
          model: settings.models[role],
          prompt,
          maxOutputTokens: call.maxOutputTokens ?? settings.maxOutputTokens[role],
          temperature: call.temperature,
          providerOptions: settings.providerOptions[role],
          timeoutMs: settings.timeoutMs,
          idleTimeoutMs: settings.idleTimeoutMs,
          signal: call.signal,
        }),
      isVisible: (part) => part.type === 'text-delta',
      mapError: (thrown) => mapAiSdkError(thrown, ai),
    });
    for await (const part of parts) {
      switch (part.type) {
        case 'text-delta':
          text += part.text;
          yield part;
          break;
        case 'finish':
          // Retrying cannot help: the provider blocked it. Not `LLM_INTERRUPTED` (send again).
          if (part.finishReason === 'content-filter') {
            throw new RecallError(
              'LLM_CONTENT_FILTERED',
              "The provider's content filter stopped the response.",
            );
          }
          yield {
            type: 'finish',
            text,
            finishReason: mapFinishReason(part.finishReason),
            usage: part.usage,
          };
          return;
      }
    }
  }

  async function generateObject<T>(call: LLMObjectOptions<T>): Promise<LLMObjectResult<T>> {
    const ai = await loadAiSdk();
    const role = roleOfCallKind(call.kind);
    const native = settings.structuredOutput === 'native';
    // Without native structured output, the schema goes at the end of the system prompt:
    // the same bytes on every call, so the prefix stays cacheable.
    const system = native
      ? call.system
      : `${call.system}\n\nReply with only a JSON object, with no other text, that matches this JSON Schema:\n${jsonSchemaText(call.schema)}`;
    const send = (messages: LLMObjectOptions<T>['messages']) =>
      collectReply(
        retryStream({
          policy: retry,
          signal: call.signal,
          outputIsVisible: false,
          attempt: () =>
            generateAttempt({
              ai,
              model: settings.models[role],
              prompt: buildPrompt({ system, messages, cacheBreakpoints: settings.promptCaching }),
              output: native ? { schema: call.schema, name: call.schemaName } : undefined,
              maxOutputTokens: call.maxOutputTokens ?? settings.maxOutputTokens[role],
              temperature: call.temperature,
              providerOptions: settings.providerOptions[role],
              timeoutMs: settings.timeoutMs,
              signal: call.signal,
            }),
          isVisible: () => false,
          mapError: (thrown) => mapAiSdkError(thrown, ai),
        }),
      );
    return generateJudgedObject({
      schema: call.schema,
      schemaName: call.schemaName,
      messages: call.messages,
      send,
    });
  }

  return {
    specificationVersion: 'recall-llm-v1',
    name: 'ai-sdk',
    streamText,
    generateObject,
  };
}

async function collectReply(parts: AsyncIterable<GeneratedReply>): Promise<GeneratedReply> {
  for await (const part of parts) return part;
  throw new RecallError('LLM_UNAVAILABLE', 'The model call ended without a reply.');
}
