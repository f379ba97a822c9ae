import type { ModelMessage, SystemModelMessage } from 'ai';
import { RecallError } from '../../errors/recall-error';
import type { LLMMessage } from '../llm-adapter';

/** An Anthropic cache breakpoint, as `@ai-sdk/anthropic` reads it from provider options. */
const CACHE_BREAKPOINT = Object.freeze({
  anthropic: Object.freeze({ cacheControl: Object.freeze({ type: 'ephemeral' }) }),
});

/** The prompt of one call in the AI SDK's terms. */
export interface AiSdkPrompt {
  system: SystemModelMessage | undefined;
  messages: ModelMessage[];
}

/**
 * Converts a call's system prompt and messages, keeping the prompt-caching contract:
 * - the system prompt and every message but the last are copied verbatim and in order, so the
 *   serialized prefix is byte-identical from one turn to the next (what OpenAI's automatic
 *   prefix caching and other prefix caches match on);
 * - with `cacheBreakpoints`, Anthropic breakpoints sit on the system prompt and on the last
 *   message before the final one (the end of the stable history), the same places as the
 *   Anthropic adapter's. The final message is the per-turn part and is never cached.
 */
export function buildPrompt(options: {
  system: string;
  messages: readonly LLMMessage[];
  cacheBreakpoints: boolean;
}): AiSdkPrompt {
  const { messages, cacheBreakpoints } = options;
  if (messages.length === 0) {
    throw new RecallError('LLM_BAD_REQUEST', 'A model call needs at least one message.');
  }
  const stableEnd = messages.length - 2;
  return {
    // Some providers reject an empty system text, so an empty system prompt is left out.
    system:
      options.system === ''
        ? undefined
        : {
            role: 'system',
            content: options.system,
            ...(cacheBreakpoints ? { providerOptions: CACHE_BREAKPOINT } : {}),
          },
    messages: messages.map((message, index) =>
      cacheBreakpoints && index === stableEnd
        ? { role: message.role, content: message.content, providerOptions: CACHE_BREAKPOINT }
        : { role: message.role, content: message.content },
    ),
  };
}
