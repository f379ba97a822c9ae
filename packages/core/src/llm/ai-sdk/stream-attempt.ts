import type { FinishReason, LanguageModel } from 'ai';
import type { TokenUsage } from '../../events/catalog';
import { RecallError } from '../../errors/recall-error';
import type { AiSdkProviderOptions } from './ai-sdk-llm-options';
import type { AiSdkPrompt } from './build-prompt';
import { watchCall } from './call-watch';
import type { AiSdk } from './load-ai';
import { toTokenUsage } from './usage';

/** One normalized piece of a streamed response. */
export type AttemptStreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'finish'; finishReason: FinishReason | undefined; usage: TokenUsage };

/** Inputs of {@link streamAttempt}. */
export interface StreamAttemptOptions {
  ai: AiSdk;
  model: LanguageModel;
  prompt: AiSdkPrompt;
  maxOutputTokens: number;
  temperature: number | undefined;
  providerOptions: AiSdkProviderOptions | undefined;
  timeoutMs: number;
  idleTimeoutMs: number;
  signal: AbortSignal | undefined;
}

/**
 * One `streamText` request without retries (`maxRetries: 0`): text deltas, then exactly one
 * `finish`; or it throws (an error part, a broken connection, a stop from the timers). Every
 * chunk on the wire (`includeRawChunks`) restarts the idle timer, keep-alive chunks included.
 */
export async function* streamAttempt(
  options: StreamAttemptOptions,
): AsyncGenerator<AttemptStreamPart, void, undefined> {
  const watch = watchCall(options);
  try {
    const result = options.ai.streamText({
      model: options.model,
      ...(options.prompt.system === undefined ? {} : { system: options.prompt.system }),
      messages: options.prompt.messages,
      maxOutputTokens: options.maxOutputTokens,
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.providerOptions === undefined
        ? {}
        : { providerOptions: options.providerOptions }),
      maxRetries: 0,
      abortSignal: watch.signal,
      includeRawChunks: true,
      // Failures arrive as `error` parts and are thrown below; the default logs them.
      onError: () => undefined,
    });
    const parts = result.fullStream[Symbol.asyncIterator]();
    let finish: AttemptStreamPart | undefined;
    for (;;) {
      const next = await watch.race(parts.next());
      if (next.done) break;
      const part = next.value;
      switch (part.type) {
        case 'start':
          break;
        case 'text-delta':
          watch.touch();
          yield { type: 'text-delta', text: part.text };
          break;
        case 'error':
          throw part.error;
        case 'abort':
          throw watch.stopError() ?? new RecallError('ABORTED', 'The model call was cancelled.');
        case 'finish':
          finish = {
            type: 'finish',
            finishReason: part.finishReason,
            usage: toTokenUsage(part.totalUsage),
          };
          break;
        default:
          // Step bookkeeping, raw chunks, reasoning and whatever the SDK adds: signs of life.
          watch.touch();
          break;
      }
    }
    const stopped = watch.stopError();
    if (stopped !== undefined) throw stopped;
    if (finish === undefined) {
      throw new RecallError('LLM_UNAVAILABLE', 'The response stream ended without finishing.');
    }
    yield finish;
  } finally {
    watch.close();
  }
}
