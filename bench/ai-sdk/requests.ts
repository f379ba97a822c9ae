// The AI SDK benchmark's requests (ai-sdk.bench.ts): what each is for, the stand-in server's
// replies, and how much of a tutor prompt repeats the previous one.
import type {
  ChatCompletionsReply,
  RecordedChatCompletionsRequest,
} from '@recall/core/testing/openai';
import { type CallKind, commonPrefixLength, quietReply } from '../llm/measure';

export const TUTOR_MODEL = 'bench-tutor';
export const JUDGE_MODEL = 'bench-judge';

export function kindOf(request: RecordedChatCompletionsRequest): CallKind {
  switch (request.body.response_format?.json_schema?.name) {
    case 'evaluation':
      return 'evaluator';
    case 'rabbithole_detection':
      return 'detector';
    case undefined:
      return request.body.model === TUTOR_MODEL ? 'tutor' : 'other';
    default:
      return 'other';
  }
}

/** The stand-in's answer: see {@link quietReply}. */
export function reply(request: RecordedChatCompletionsRequest): ChatCompletionsReply {
  return quietReply(kindOf(request));
}

/** Share of `current`'s prompt (its `messages`) that repeats `previous`'s byte for byte. */
export function prefixShare(
  previous: RecordedChatCompletionsRequest,
  current: RecordedChatCompletionsRequest,
) {
  const before = JSON.stringify(previous.body.messages);
  const now = JSON.stringify(current.body.messages);
  return commonPrefixLength(before, now) / now.length;
}
