// `--llm openai-compatible:<baseURL>` and its flags are read by the parser @recall/eval shares
// with `recall-eval`, so both commands accept and refuse the same values.
import { LLMChoiceError, parseOpenAICompatible as parseShared } from '@recall/eval/llm-choice';
import { CommandLineError } from './command-line';

export type { OpenAICompatibleChoice } from '@recall/eval/llm-choice';

/** Reads `openai-compatible:<baseURL>` and its flags; the environment fills in what they omit. */
export function parseOpenAICompatible(
  baseURL: string,
  options: Parameters<typeof parseShared>[1],
): ReturnType<typeof parseShared> {
  try {
    return parseShared(baseURL, options);
  } catch (error) {
    if (error instanceof LLMChoiceError) throw new CommandLineError(error.message);
    throw error;
  }
}
