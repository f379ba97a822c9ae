import type Anthropic from '@anthropic-ai/sdk';
import { RecallError } from '../../errors/recall-error';
import type { LLMMessage } from '../llm-adapter';

const CACHE_BREAKPOINT: Anthropic.CacheControlEphemeral = Object.freeze({ type: 'ephemeral' });

/** Inputs of {@link buildMessageRequest}. */
export interface BuildMessageRequestOptions {
  model: Anthropic.Model;
  system: string;
  messages: readonly LLMMessage[];
  maxTokens: number;
  temperature?: number | undefined;
  /** Forces the output into this JSON schema (structured outputs). */
  outputFormat?: Anthropic.JSONOutputFormat | undefined;
}

/**
 * Builds a streaming Messages API request whose serialized form starts with a byte-identical
 * prefix from one turn to the next:
 * - `model`, `system` and `messages` come first; per-call settings follow `messages`;
 * - every message is a one-element text-block array, so adding or moving a cache breakpoint
 *   only appends `"cache_control"` after a block's text and never re-encodes earlier messages;
 * - breakpoints sit on the system block and on the last message before the final one (the end
 *   of the stable history). The final message is the per-turn part and is never cached.
 */
export function buildMessageRequest(
  options: BuildMessageRequestOptions,
): Anthropic.MessageCreateParamsStreaming {
  const { messages } = options;
  if (messages.length === 0) {
    throw new RecallError('LLM_BAD_REQUEST', 'A model call needs at least one message.');
  }
  const stableEnd = messages.length - 2;
  return {
    model: options.model,
    // The API rejects empty text blocks, so an empty system prompt is left out.
    ...(options.system === ''
      ? {}
      : { system: [{ type: 'text', text: options.system, cache_control: CACHE_BREAKPOINT }] }),
    messages: messages.map((message, index) => ({
      role: message.role,
      content: [
        index === stableEnd
          ? { type: 'text', text: message.content, cache_control: CACHE_BREAKPOINT }
          : { type: 'text', text: message.content },
      ],
    })),
    max_tokens: options.maxTokens,
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.outputFormat === undefined
      ? {}
      : { output_config: { format: options.outputFormat } }),
    stream: true,
  };
}
