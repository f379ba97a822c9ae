// Token usage arithmetic and pricing: plain data, no zod at run time. The session fold, the
// engine and the LLM adapters all count usage with these.
import type { TokenUsage } from '../events/catalog';

/** USD per million tokens of one model (`cacheWrite`: the price of the cache writes you use). */
export interface TokenPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Usage with every counter at zero. */
export const EMPTY_USAGE: TokenUsage = /* @__PURE__ */ Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});

/** Adds two usage records. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

/**
 * Estimated USD cost of `usage` at `price` (per million tokens): how the engine prices the
 * session summary and the spend budgets.
 *
 * @example
 * estimateCostUsd(usage, DEFAULT_ENGINE_CONFIG.prices.conversation);
 */
export function estimateCostUsd(usage: TokenUsage, price: TokenPrice): number {
  return (
    (usage.inputTokens * price.input +
      usage.outputTokens * price.output +
      usage.cacheReadTokens * price.cacheRead +
      usage.cacheWriteTokens * price.cacheWrite) /
    1_000_000
  );
}
