// @recall/core/llm/ai-sdk: an LLMAdapter over AI SDK language models (`ai` is an optional peer).
export { createAiSdkLLM } from './create-ai-sdk-llm';
export type {
  AiSdkLLMOptions,
  AiSdkProviderOptions,
  AiSdkStructuredOutput,
} from './ai-sdk-llm-options';
