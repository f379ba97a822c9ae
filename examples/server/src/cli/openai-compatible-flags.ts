import { CommandLineError } from './command-line';

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
    throw new CommandLineError(
      `--llm openai-compatible needs an http(s) base URL, e.g. openai-compatible:http://127.0.0.1:11434/v1, not "${baseURL}".`,
    );
  }
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const tutorModel = nonEmpty('--model', options.model) ?? read('OPENAI_COMPATIBLE_MODEL');
  if (tutorModel === undefined) {
    throw new CommandLineError(
      '--llm openai-compatible needs a model: --model <id> or the OPENAI_COMPATIBLE_MODEL environment variable.',
    );
  }
  const judgeModel =
    nonEmpty('--judge-model', options.judgeModel) ??
    read('OPENAI_COMPATIBLE_JUDGE_MODEL') ??
    tutorModel;
  const structuredOutput = options.structuredOutput ?? 'native';
  if (structuredOutput !== 'native' && structuredOutput !== 'text') {
    throw new CommandLineError(
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
  if (value.trim() === '') throw new CommandLineError(`${flag} must not be empty.`);
  return value.trim();
}
