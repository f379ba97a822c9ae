import type { FinishReason } from 'ai';
import type { LLMFinishReason } from '../llm-adapter';

/**
 * Maps the AI SDK's finish reason onto Recall's. A reason newer than the installed SDK's types
 * becomes `other` rather than a crash.
 */
export function mapFinishReason(finishReason: FinishReason | undefined): LLMFinishReason {
  if (finishReason === undefined) return 'other';
  switch (finishReason) {
    case 'stop':
      return 'end_turn';
    case 'length':
      return 'max_tokens';
    case 'content-filter':
      return 'refusal';
    case 'tool-calls':
    case 'error':
    case 'other':
      return 'other';
    default: {
      // Exhaustive at compile time; a reason newer than the SDK's types is simply `other`.
      const unhandled: never = finishReason;
      void unhandled;
      return 'other';
    }
  }
}
