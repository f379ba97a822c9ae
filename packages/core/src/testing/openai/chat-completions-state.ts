import { createStandInState, parseJsonObject, type StandInState } from '../stand-in/stand-in-state';
import type {
  ChatCompletionsMockOptions,
  ChatCompletionsReply,
  ChatCompletionsRequestBody,
  RecordedChatCompletionsRequest,
} from './chat-completions-types';
import { planChatCompletion } from './plan-chat-completion';

/** OpenAI caches prompts of at least 1024 tokens, in blocks of 128 tokens. */
const CACHE_MIN_TOKENS = 1024;
const CACHE_BLOCK_TOKENS = 128;

/** What the stand-in keeps between requests: the recording, the script and the prompt cache. */
export type ChatCompletionsMockState = StandInState<RecordedChatCompletionsRequest>;

/** Creates the recording and reply-resolving state of one stand-in. */
export function createChatCompletionsMockState(
  options: ChatCompletionsMockOptions,
): ChatCompletionsMockState {
  const prompts: Array<{ model: string; prompt: string }> = [];

  /** Tokens of the longest prompt prefix an earlier request to the same model left cached. */
  function cachedTokensFor(body: ChatCompletionsRequestBody): number {
    const prompt = JSON.stringify(body.messages);
    let longest = 0;
    for (const earlier of prompts) {
      if (earlier.model === body.model)
        longest = Math.max(longest, commonPrefixLength(earlier.prompt, prompt));
    }
    prompts.push({ model: body.model, prompt });
    if (options.automaticPrefixCaching === false) return 0;
    const tokens = Math.floor(longest / 4);
    if (tokens < CACHE_MIN_TOKENS) return 0;
    return Math.floor(tokens / CACHE_BLOCK_TOKENS) * CACHE_BLOCK_TOKENS;
  }

  return createStandInState<
    ChatCompletionsRequestBody,
    RecordedChatCompletionsRequest,
    ChatCompletionsReply
  >({
    replies: options.replies,
    defaultReply: { type: 'text', text: 'This is a reply from the Chat Completions stand-in.' },
    exhausted: (index, scripted) => ({
      type: 'error',
      status: 500,
      message: `The Chat Completions stand-in has no reply scripted for request #${index + 1} (it has ${scripted}).`,
    }),
    parseBody,
    emptyBody: () => ({ model: '', messages: [] }),
    invalidBody: {
      type: 'error',
      status: 400,
      message: 'The request body is not a JSON object with `model` and `messages`.',
    },
    plan: ({ request, reply, sequence, parsed }) =>
      planChatCompletion({
        request,
        reply,
        timing: options,
        sequence,
        created: Math.floor(request.receivedAt / 1000),
        cachedTokens: parsed === undefined ? 0 : cachedTokensFor(parsed),
      }),
  });
}

function parseBody(rawBody: string): ChatCompletionsRequestBody | undefined {
  const body = parseJsonObject(rawBody) as Partial<ChatCompletionsRequestBody> | undefined;
  if (typeof body?.model !== 'string' || !Array.isArray(body.messages)) return undefined;
  return body as ChatCompletionsRequestBody;
}

function commonPrefixLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}
