// The `--llm` flag shared by `recall-eval` and the demo server: which model adapter to use and
// the flags that go with it. Pure: the environment comes in as an option.

/** A server speaking the OpenAI Chat Completions API (llama.cpp, Ollama, vLLM, a gateway). */
export interface OpenAICompatibleChoice {
  kind: 'openai-compatible';
  /** The API base URL, e.g. `http://127.0.0.1:11434/v1`. */
  baseURL: string;
  tutorModel: string;
  judgeModel: string;
  /** Sent as a bearer token; undefined for servers that need none. */
  apiKey: string | undefined;
  /** `text` for servers without `response_format: json_schema`. */
  structuredOutput: 'native' | 'text';
}

/** Which model adapter to use. */
export type LLMChoice =
  | { kind: 'offline' }
  | { kind: 'anthropic'; tutorModel?: string; judgeModel?: string }
  | { kind: 'module'; path: string }
  | OpenAICompatibleChoice;

/** A `--llm` value (or a flag that goes with it) that cannot be used; `message` says why. */
export class LLMChoiceError extends Error {
  override readonly name = 'LLMChoiceError';
}

/** Options for {@link parseLLMChoice}. */
export interface ParseLLMChoiceOptions {
  /** `--model`, if given. */
  model?: string | undefined;
  /** `--judge-model`, if given. */
  judgeModel?: string | undefined;
  /** `--structured-output`, if given (openai-compatible only). */
  structuredOutput?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Whether `--model` / `--judge-model` may go with `anthropic` (the demo server takes them
   * only for openai-compatible). @default false
   */
  anthropicModels?: boolean;
}

const OPENAI_COMPATIBLE = 'openai-compatible:';
const MODULE = 'module:';

/**
 * Reads `offline | anthropic | openai-compatible:<baseURL> | module:<path>`. Throws
 * `LLMChoiceError` for anything else, or a flag that does not go with the choice.
 */
export function parseLLMChoice(raw: string, options: ParseLLMChoiceOptions): LLMChoice {
  const modelFlag = (['model', 'judgeModel'] as const).find((flag) => options[flag] !== undefined);
  const flagName = (flag: 'model' | 'judgeModel') =>
    flag === 'model' ? '--model' : '--judge-model';
  if (options.structuredOutput !== undefined && !raw.startsWith(OPENAI_COMPATIBLE)) {
    throw new LLMChoiceError('--structured-output goes with --llm openai-compatible:<baseURL>.');
  }
  if (raw.startsWith(OPENAI_COMPATIBLE)) {
    return parseOpenAICompatible(raw.slice(OPENAI_COMPATIBLE.length), {
      model: options.model,
      judgeModel: options.judgeModel,
      structuredOutput: options.structuredOutput,
      env: options.env,
    });
  }
  if (raw === 'anthropic') {
    if (modelFlag !== undefined && options.anthropicModels !== true) {
      throw new LLMChoiceError(
        `${flagName(modelFlag)} goes with --llm openai-compatible:<baseURL>.`,
      );
    }
    const tutorModel = nonEmpty('--model', options.model);
    const judgeModel = nonEmpty('--judge-model', options.judgeModel);
    return {
      kind: 'anthropic',
      ...(tutorModel === undefined ? {} : { tutorModel }),
      ...(judgeModel === undefined ? {} : { judgeModel }),
    };
  }
  if (modelFlag !== undefined) {
    throw new LLMChoiceError(
      `${flagName(modelFlag)} goes with --llm anthropic or openai-compatible:<baseURL>.`,
    );
  }
  if (raw === 'offline') return { kind: 'offline' };
  if (raw.startsWith(MODULE) && raw.length > MODULE.length) {
    return { kind: 'module', path: raw.slice(MODULE.length) };
  }
  throw new LLMChoiceError(
    `--llm must be offline, anthropic, openai-compatible:<baseURL> or module:<path>, not "${raw}".`,
  );
}

/** Reads `openai-compatible:<baseURL>` and its flags; the environment fills in what they omit. */
export function parseOpenAICompatible(
  baseURL: string,
  options: {
    model: string | undefined;
    judgeModel: string | undefined;
    structuredOutput: string | undefined;
    env: Readonly<Record<string, string | undefined>>;
  },
): OpenAICompatibleChoice {
  const { env } = options;
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LLMChoiceError(
      `--llm openai-compatible needs an http(s) base URL, e.g. openai-compatible:http://127.0.0.1:11434/v1, not "${baseURL}".`,
    );
  }
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const tutorModel = nonEmpty('--model', options.model) ?? read('OPENAI_COMPATIBLE_MODEL');
  if (tutorModel === undefined) {
    throw new LLMChoiceError(
      '--llm openai-compatible needs a model: --model <id> or the OPENAI_COMPATIBLE_MODEL environment variable.',
    );
  }
  const judgeModel =
    nonEmpty('--judge-model', options.judgeModel) ??
    read('OPENAI_COMPATIBLE_JUDGE_MODEL') ??
    tutorModel;
  const structuredOutput = options.structuredOutput ?? 'native';
  if (structuredOutput !== 'native' && structuredOutput !== 'text') {
    throw new LLMChoiceError(
      `--structured-output must be native or text, not "${structuredOutput}".`,
    );
  }
  return {
    kind: 'openai-compatible',
    baseURL: baseURL.replace(/\/+$/, ''),
    tutorModel,
    judgeModel,
    apiKey: read('OPENAI_COMPATIBLE_API_KEY') ?? read('OPENAI_API_KEY'),
    structuredOutput,
  };
}

function nonEmpty(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new LLMChoiceError(`${flag} must not be empty.`);
  return value.trim();
}
