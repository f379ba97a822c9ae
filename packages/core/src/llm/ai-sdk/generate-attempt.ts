import type { FinishReason, LanguageModel } from 'ai';
import type * as z from 'zod';
import type { TokenUsage } from '../../events/catalog';
import type { AiSdkProviderOptions } from './ai-sdk-llm-options';
import type { AiSdkPrompt } from './build-prompt';
import { watchCall } from './call-watch';
import type { AiSdk } from './load-ai';
import { toTokenUsage } from './usage';

/** What one judge request returned: the reply text, however good, and what it cost. */
export interface GeneratedReply {
  type: 'reply';
  text: string;
  finishReason: FinishReason | undefined;
  usage: TokenUsage;
}

/** Inputs of {@link generateAttempt}. */
export interface GenerateAttemptOptions {
  ai: AiSdk;
  model: LanguageModel;
  prompt: AiSdkPrompt;
  /** With a schema, the provider's structured output is asked for; without, plain text. */
  output: { schema: z.ZodType; name: string } | undefined;
  maxOutputTokens: number;
  temperature: number | undefined;
  providerOptions: AiSdkProviderOptions | undefined;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/**
 * One `generateText` request without retries (`maxRetries: 0`), with the structured output
 * `Output.object` (the AI SDK 6 way) when a schema is given. Output the SDK cannot parse or
 * validate is not a failure here: its text is returned for the caller's repair path. Transport
 * and provider failures throw; `timeoutMs` bounds the whole call.
 */
export async function* generateAttempt(
  options: GenerateAttemptOptions,
): AsyncGenerator<GeneratedReply, void, undefined> {
  const { ai } = options;
  const watch = watchCall({ ...options, idleTimeoutMs: options.timeoutMs });
  try {
    const request = ai.generateText({
      model: options.model,
      ...(options.prompt.system === undefined ? {} : { system: options.prompt.system }),
      messages: options.prompt.messages,
      ...(options.output === undefined
        ? {}
        : {
            output: ai.Output.object({ schema: options.output.schema, name: options.output.name }),
          }),
      maxOutputTokens: options.maxOutputTokens,
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.providerOptions === undefined
        ? {}
        : { providerOptions: options.providerOptions }),
      maxRetries: 0,
      abortSignal: watch.signal,
    });
    let reply: GeneratedReply;
    try {
      const result = await watch.race(request);
      reply = {
        type: 'reply',
        text: result.text,
        finishReason: result.finishReason,
        usage: toTokenUsage(result.totalUsage),
      };
    } catch (error) {
      if (!ai.NoObjectGeneratedError.isInstance(error)) throw error;
      reply = {
        type: 'reply',
        text: error.text ?? '',
        finishReason: error.finishReason,
        usage: toTokenUsage(error.usage),
      };
    }
    yield reply;
  } finally {
    watch.close();
  }
}
