// Messages API mock (msw handlers + a local server) for testing Anthropic integrations without a key
export { createMessagesApiHandlers, startMessagesApiServer } from './msw/index';
export type {
  MessagesApiHandlers,
  MessagesApiHandlersOptions,
  MessagesApiServer,
  MessagesApiServerOptions,
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
} from './msw/index';

// Scripted LLM adapter for deterministic engine tests
export { createScriptedLLM } from './scripted-llm';
export type {
  ScriptedLLM,
  ScriptedLLMScript,
  ScriptedRequest,
  ScriptedSource,
  ScriptedTextReply,
  ScriptedObjectReply,
} from './scripted-llm';
export { scriptEvaluation, scriptDetection } from './script-replies';
export type { ScriptEvaluationOptions, ScriptDetectionOptions } from './script-replies';
