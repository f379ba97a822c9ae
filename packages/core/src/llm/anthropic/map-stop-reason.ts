import type Anthropic from '@anthropic-ai/sdk';
import type { LLMFinishReason } from '../llm-adapter';

/**
 * Maps the Messages API's stop reason onto Recall's finish reasons. A stop reason the SDK's
 * types do not know yet (the API may add some) becomes `other` rather than a crash.
 */
export function mapStopReason(stopReason: Anthropic.StopReason | null): LLMFinishReason {
  if (stopReason === null) return 'other';
  switch (stopReason) {
    case 'end_turn':
      return 'end_turn';
    case 'max_tokens':
    // The context window filled up before the model finished: a length stop, like max_tokens.
    case 'model_context_window_exceeded':
      return 'max_tokens';
    case 'stop_sequence':
      return 'stop_sequence';
    case 'refusal':
      return 'refusal';
    case 'tool_use':
    case 'pause_turn':
      return 'other';
    default: {
      // Exhaustive at compile time; a reason newer than the SDK's types is simply `other`.
      const unhandled: never = stopReason;
      void unhandled;
      return 'other';
    }
  }
}
