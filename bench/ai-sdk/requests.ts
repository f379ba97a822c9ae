// The AI SDK benchmark's requests (ai-sdk.bench.ts): what each is for, the stand-in server's
// replies, and how much of a tutor prompt repeats the previous one.
import type {
  ChatCompletionsReply,
  RecordedChatCompletionsRequest,
} from '@recall/core/testing/openai';
import { type CallKind, commonPrefixLength } from '../llm/measure';

export const TUTOR_MODEL = 'bench-tutor';
export const JUDGE_MODEL = 'bench-judge';
const TUTOR_REPLY =
  'Good start. You said the mitochondrion makes energy; can you say which molecule it produces, ' +
  'and where in the organelle most of that happens? Take your time and use your own words.';

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

/** Judges find nothing recalled and no tangent, so the session runs every scripted turn. */
export function reply(request: RecordedChatCompletionsRequest): ChatCompletionsReply {
  switch (kindOf(request)) {
    case 'evaluator':
      return { type: 'json', value: { points: [] } };
    case 'detector':
      return {
        type: 'json',
        value: {
          isRabbithole: false,
          topic: '',
          label: '',
          relatedPointIds: [],
          certainty: 0.1,
          reasoning: 'On topic.',
        },
      };
    case 'tutor':
    case 'other':
      return { type: 'text', text: TUTOR_REPLY };
  }
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
