import { createStandInState, parseJsonObject, type StandInState } from '../stand-in/stand-in-state';
import type {
  MessagesApiMockOptions,
  MessagesApiReply,
  MessagesApiRequestBody,
  RecordedMessagesRequest,
} from './messages-api-types';
import { planResponse } from './plan-response';

/** What both transports share: the recorded requests and the reply script. */
export type MessagesApiMockState = StandInState<RecordedMessagesRequest>;

/** Creates the recording and reply-resolving state of one mock. */
export function createMessagesApiMockState(options: MessagesApiMockOptions): MessagesApiMockState {
  return createStandInState<MessagesApiRequestBody, RecordedMessagesRequest, MessagesApiReply>({
    replies: options.replies,
    defaultReply: { type: 'text', text: 'This is a reply from the mock Messages API.' },
    exhausted: (index, scripted) => ({
      type: 'error',
      status: 500,
      errorType: 'api_error',
      message: `The mock Messages API has no reply scripted for request #${index + 1} (it has ${scripted}).`,
    }),
    parseBody: (rawBody) => parseJsonObject(rawBody) as MessagesApiRequestBody | undefined,
    emptyBody: () => ({ model: '', messages: [] }),
    invalidBody: { type: 'error', status: 400, message: 'The request body is not a JSON object.' },
    plan: ({ request, reply, sequence }) =>
      planResponse({ request, reply, timing: options, sequence }),
  });
}
