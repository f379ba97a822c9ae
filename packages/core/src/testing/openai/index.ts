// @recall/core/testing/openai: a local server speaking the OpenAI Chat Completions wire format,
// for testing OpenAI-compatible integrations (createAiSdkLLM included) without a key. Node only,
// so browser code that loads `@recall/core/testing` never reaches `node:http`.
export { startChatCompletionsServer } from './chat-completions-server';
export type {
  ChatCompletionsServer,
  ChatCompletionsServerOptions,
} from './chat-completions-server';
export type {
  ChatCompletionsContentFields,
  ChatCompletionsErrorReply,
  ChatCompletionsFinishReason,
  ChatCompletionsJsonReply,
  ChatCompletionsMockOptions,
  ChatCompletionsNetworkErrorReply,
  ChatCompletionsRefusalReply,
  ChatCompletionsReply,
  ChatCompletionsReplySource,
  ChatCompletionsRequestBody,
  ChatCompletionsRequestMessage,
  ChatCompletionsSseReply,
  ChatCompletionsStreamEnd,
  ChatCompletionsTextReply,
  ChatCompletionsTiming,
  ChatCompletionsUsage,
  RecordedChatCompletionsRequest,
} from './chat-completions-types';
