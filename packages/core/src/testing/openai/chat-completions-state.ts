import type { ResponsePlan } from '../msw/plan-response';
import type {
  ChatCompletionsMockOptions,
  ChatCompletionsReply,
  ChatCompletionsRequestBody,
  RecordedChatCompletionsRequest,
} from './chat-completions-types';
import { planChatCompletion } from './plan-chat-completion';

const DEFAULT_REPLY: ChatCompletionsReply = {
  type: 'text',
  text: 'This is a reply from the Chat Completions stand-in.',
};

/** OpenAI caches prompts of at least 1024 tokens, in blocks of 128 tokens. */
const CACHE_MIN_TOKENS = 1024;
const CACHE_BLOCK_TOKENS = 128;

/** What the stand-in keeps between requests: the recording, the script and the prompt cache. */
export interface ChatCompletionsMockState {
  readonly requests: RecordedChatCompletionsRequest[];
  /** Records one request and plans its response. */
  receive(options: { rawBody: string; headers: Record<string, string> }): {
    request: RecordedChatCompletionsRequest;
    plan: ResponsePlan;
  };
}

/** Creates the recording and reply-resolving state of one stand-in. */
export function createChatCompletionsMockState(
  options: ChatCompletionsMockOptions,
): ChatCompletionsMockState {
  const requests: RecordedChatCompletionsRequest[] = [];
  const prompts: Array<{ model: string; prompt: string }> = [];
  const replies = options.replies;

  function nextReply(request: RecordedChatCompletionsRequest, index: number): ChatCompletionsReply {
    if (replies === undefined) return DEFAULT_REPLY;
    if (typeof replies === 'function') return replies(request, index);
    return (
      replies[index] ?? {
        type: 'error',
        status: 500,
        message: `The Chat Completions stand-in has no reply scripted for request #${index + 1} (it has ${replies.length}).`,
      }
    );
  }

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

  return {
    requests,
    receive({ rawBody, headers }) {
      const index = requests.length;
      const body = parseBody(rawBody);
      const request: RecordedChatCompletionsRequest = {
        body: body ?? { model: '', messages: [] },
        rawBody,
        headers,
        receivedAt: Date.now(),
        aborted: false,
        completedAt: undefined,
      };
      requests.push(request);
      const reply: ChatCompletionsReply =
        body === undefined
          ? {
              type: 'error',
              status: 400,
              message: 'The request body is not a JSON object with `model` and `messages`.',
            }
          : nextReply(request, index);
      const plan = planChatCompletion({
        request,
        reply,
        timing: options,
        sequence: index + 1,
        created: Math.floor(request.receivedAt / 1000),
        cachedTokens: body === undefined ? 0 : cachedTokensFor(body),
      });
      return { request, plan };
    },
  };
}

function parseBody(rawBody: string): ChatCompletionsRequestBody | undefined {
  try {
    const value: unknown = JSON.parse(rawBody);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const body = value as Partial<ChatCompletionsRequestBody>;
    if (typeof body.model !== 'string' || !Array.isArray(body.messages)) return undefined;
    return body as ChatCompletionsRequestBody;
  } catch {
    return undefined;
  }
}

function commonPrefixLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}
