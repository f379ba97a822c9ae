// @recall/eval/llm-choice: the `--llm` flag (offline | anthropic | openai-compatible:<baseURL> |
// module:<path>) shared by recall-eval and the demo server, and the adapter it names.
export {
  LLMChoiceError,
  parseLLMChoice,
  parseOpenAICompatible,
} from './llm-choice';
export type { LLMChoice, OpenAICompatibleChoice, ParseLLMChoiceOptions } from './llm-choice';
export { createLLM } from './create-llm';
export type { CreatedLLM, CreateLLMOptions } from './create-llm';
