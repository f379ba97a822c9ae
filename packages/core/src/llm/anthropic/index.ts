// @recall/core/llm/anthropic: the production LLMAdapter on the Anthropic Messages API.
export { createAnthropicLLM } from './create-anthropic-llm';
export type { AnthropicLLMOptions } from './anthropic-llm-options';
export {
  ANTHROPIC_DEFAULT_MODELS,
  ANTHROPIC_DEFAULT_TUTOR_MODEL,
  ANTHROPIC_DEFAULT_JUDGE_MODEL,
} from './models';
export type { AnthropicModels } from './models';
