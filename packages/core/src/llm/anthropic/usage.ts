import type Anthropic from '@anthropic-ai/sdk';
import type { TokenUsage } from '../../events/catalog';

/** Usage as reported in `message_start` (input and cache counts; output so far). */
export function usageFromMessageStart(usage: Anthropic.Usage): TokenUsage {
  return {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    cacheReadTokens: usage.cache_read_input_tokens ?? 0,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
  };
}

/**
 * Applies a `message_delta` usage. Its counts are cumulative, so each present count replaces
 * the previous one instead of being added to it.
 */
export function applyMessageDeltaUsage(
  current: TokenUsage,
  usage: Anthropic.MessageDeltaUsage,
): TokenUsage {
  return {
    inputTokens: usage.input_tokens ?? current.inputTokens,
    outputTokens: usage.output_tokens ?? current.outputTokens,
    cacheReadTokens: usage.cache_read_input_tokens ?? current.cacheReadTokens,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? current.cacheWriteTokens,
  };
}
