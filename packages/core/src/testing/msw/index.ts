// The Messages API mock: msw handlers and a local server built on one response planner.
export { createMessagesApiHandlers } from './messages-api-handlers';
export type { MessagesApiHandlers, MessagesApiHandlersOptions } from './messages-api-handlers';
export { startMessagesApiServer } from './messages-api-server';
export type { MessagesApiServer, MessagesApiServerOptions } from './messages-api-server';
export type {
  MessagesApiContentReplyFields,
  MessagesApiErrorReply,
  MessagesApiErrorType,
  MessagesApiJsonReply,
  MessagesApiMockOptions,
  MessagesApiNetworkErrorReply,
  MessagesApiRawEvent,
  MessagesApiReply,
  MessagesApiReplySource,
  MessagesApiRequestBody,
  MessagesApiSseReply,
  MessagesApiStopReason,
  MessagesApiStreamEnd,
  MessagesApiTextReply,
  MessagesApiTiming,
  MessagesApiUsage,
  RecordedMessagesRequest,
} from './messages-api-types';
