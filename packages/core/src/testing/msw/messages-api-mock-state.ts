import type {
  MessagesApiMockOptions,
  MessagesApiReply,
  MessagesApiRequestBody,
  RecordedMessagesRequest,
} from './messages-api-types';
import { planResponse, type ResponsePlan } from './plan-response';

const DEFAULT_REPLY: MessagesApiReply = {
  type: 'text',
  text: 'This is a reply from the mock Messages API.',
};

/** What both transports share: the recorded requests and the reply script. */
export interface MessagesApiMockState {
  readonly requests: RecordedMessagesRequest[];
  /** Records one request and plans its response. */
  receive(options: { rawBody: string; headers: Record<string, string> }): {
    request: RecordedMessagesRequest;
    plan: ResponsePlan;
  };
}

/** Creates the recording and reply-resolving state of one mock. */
export function createMessagesApiMockState(options: MessagesApiMockOptions): MessagesApiMockState {
  const requests: RecordedMessagesRequest[] = [];
  const replies = options.replies;

  function nextReply(request: RecordedMessagesRequest, index: number): MessagesApiReply {
    if (replies === undefined) return DEFAULT_REPLY;
    if (typeof replies === 'function') return replies(request, index);
    return (
      replies[index] ?? {
        type: 'error',
        status: 500,
        errorType: 'api_error',
        message: `The mock Messages API has no reply scripted for request #${index + 1} (it has ${replies.length}).`,
      }
    );
  }

  return {
    requests,
    receive({ rawBody, headers }) {
      const index = requests.length;
      const body = parseBody(rawBody);
      const request: RecordedMessagesRequest = {
        body: body ?? { model: '', messages: [] },
        rawBody,
        headers,
        receivedAt: Date.now(),
        aborted: false,
        completedAt: undefined,
      };
      requests.push(request);
      const reply: MessagesApiReply =
        body === undefined
          ? { type: 'error', status: 400, message: 'The request body is not a JSON object.' }
          : nextReply(request, index);
      return {
        request,
        plan: planResponse({ request, reply, timing: options, sequence: index + 1 }),
      };
    },
  };
}

function parseBody(rawBody: string): MessagesApiRequestBody | undefined {
  try {
    const value: unknown = JSON.parse(rawBody);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return value as MessagesApiRequestBody;
  } catch {
    return undefined;
  }
}
