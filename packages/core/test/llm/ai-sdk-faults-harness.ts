import { RecallError, type RecallErrorCode } from '@recall/core';
import type { ChatCompletionsReply } from '@recall/core/testing/openai';

// Shared by ai-sdk-faults.test.ts and ai-sdk-faults-mid-stream.test.ts: one call, one good
// answer, and the error codes a failed stream ends with.
export const CALL = {
  kind: 'tutor',
  system: 'You are a tutor.',
  messages: [{ role: 'user', content: 'Explain tides.' }],
} as const;
export const OK: ChatCompletionsReply = { type: 'text', text: 'The moon pulls the sea.' };

export function codeOf(error: unknown): RecallErrorCode | undefined {
  return RecallError.isInstance(error) ? error.code : undefined;
}

export function causeCodeOf(error: unknown): RecallErrorCode | undefined {
  return error instanceof Error ? codeOf(error.cause) : undefined;
}
