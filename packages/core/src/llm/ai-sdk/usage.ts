import type { LanguageModelUsage } from 'ai';
import type { TokenUsage } from '../../events/catalog';
import { EMPTY_USAGE } from '../llm-adapter';

/**
 * The AI SDK's usage in Recall's terms. The SDK counts cache reads and writes inside
 * `inputTokens`; Recall counts them apart (as the Anthropic API does), so `inputTokens` is the
 * uncached part. Counts a provider does not report are 0.
 */
export function toTokenUsage(usage: LanguageModelUsage | undefined): TokenUsage {
  if (usage === undefined) return EMPTY_USAGE;
  const details = usage.inputTokenDetails;
  const cacheReadTokens = details?.cacheReadTokens ?? 0;
  const cacheWriteTokens = details?.cacheWriteTokens ?? 0;
  const inputTokens =
    details?.noCacheTokens ??
    Math.max(0, (usage.inputTokens ?? 0) - cacheReadTokens - cacheWriteTokens);
  return {
    inputTokens,
    outputTokens: usage.outputTokens ?? 0,
    cacheReadTokens,
    cacheWriteTokens,
  };
}
