import type { LanguageModel, SystemModelMessage } from 'ai';
import type { ModelRole } from '../model-role';
import {
  type LLMRetryOptions,
  type ResolvedCallTiming,
  requireInteger,
  resolveCallTiming,
} from '../retry/call-timing';

/** Provider-specific options as the AI SDK takes them, keyed by provider name. */
export type AiSdkProviderOptions = NonNullable<SystemModelMessage['providerOptions']>;

/**
 * How judges (evaluator, detector, transcript and term jobs) get JSON out of the model:
 * - `native`: the provider's structured output (`response_format: json_schema` on OpenAI and
 *   compatible servers created with `supportsStructuredOutputs: true`, Anthropic's output
 *   format, Gemini's response schema); providers without it fall back to JSON mode;
 * - `text`: for models and servers with neither: the JSON Schema is added to the judge's
 *   system prompt and the JSON is extracted from the reply text.
 * Either way the result is validated against the same zod schema, and invalid output gets one
 * repair attempt that shows the model what was wrong.
 */
export type AiSdkStructuredOutput = 'native' | 'text';

/**
 * Options of {@link createAiSdkLLM}. The retry options are Recall's own policy: the AI SDK's
 * retries are off (`maxRetries: 0` on every call), so there is one retry loop.
 */
export interface AiSdkLLMOptions extends LLMRetryOptions {
  /**
   * The conversational model (tutor and rabbit-hole agent), e.g. `openai('gpt-5-mini')` or
   * `createOpenAICompatible({ … })('qwen3:8b')`.
   */
  tutor: LanguageModel;
  /**
   * The judge model (evaluator, rabbit-hole detector, transcript and term jobs). Judges return
   * JSON validated against a schema: a model that keeps failing it makes every judged turn
   * report `LLM_OUTPUT_INVALID`, so pick one that follows schemas reliably.
   * @default the tutor model
   */
  judge?: LanguageModel;
  /** @default 'native' */
  structuredOutput?: AiSdkStructuredOutput;
  /**
   * Provider options sent with every call of a role, e.g.
   * `{ judge: { openai: { reasoningEffort: 'low' } } }`.
   */
  providerOptions?: Partial<Record<ModelRole, AiSdkProviderOptions>>;
  /**
   * Marks Anthropic cache breakpoints (through `@ai-sdk/anthropic` provider options) on the
   * system prompt and the end of the stable history. Other providers ignore them.
   * @default true
   */
  promptCaching?: boolean;
  /**
   * Output token limit by role, when a call sets no `maxOutputTokens`.
   * @default { tutor: 2048, judge: 1024 }
   */
  maxOutputTokens?: Partial<Record<ModelRole, number>>;
  /**
   * Time allowed until a streamed response starts; for judge calls (not streamed), until the
   * whole response has arrived.
   * @default 60000
   */
  timeoutMs?: number;
  /**
   * Longest silence between two chunks of a started stream.
   * @default 30000
   */
  idleTimeoutMs?: number;
}

/** Options with defaults applied and values checked. */
export interface ResolvedAiSdkLLMOptions extends ResolvedCallTiming {
  models: Record<ModelRole, LanguageModel>;
  structuredOutput: AiSdkStructuredOutput;
  providerOptions: Record<ModelRole, AiSdkProviderOptions | undefined>;
  promptCaching: boolean;
  maxOutputTokens: Record<ModelRole, number>;
}

const PREFIX = 'createAiSdkLLM';

/** Applies defaults; rejects invalid values at once with a `TypeError` naming the option. */
export function resolveAiSdkLLMOptions(options: AiSdkLLMOptions): ResolvedAiSdkLLMOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${PREFIX}: pass an options object with at least \`tutor\`.`);
  }
  const tutor = requireModel('tutor', options.tutor);
  const judge = options.judge === undefined ? tutor : requireModel('judge', options.judge);
  const structuredOutput = options.structuredOutput ?? 'native';
  if (structuredOutput !== 'native' && structuredOutput !== 'text') {
    throw new TypeError(`${PREFIX}: \`structuredOutput\` must be 'native' or 'text'.`);
  }
  const resolved: ResolvedAiSdkLLMOptions = {
    models: { tutor, judge },
    structuredOutput,
    providerOptions: {
      tutor: options.providerOptions?.tutor,
      judge: options.providerOptions?.judge,
    },
    promptCaching: options.promptCaching ?? true,
    maxOutputTokens: {
      tutor: options.maxOutputTokens?.tutor ?? 2048,
      judge: options.maxOutputTokens?.judge ?? 1024,
    },
    ...resolveCallTiming(PREFIX, options),
  };
  requireInteger(PREFIX, 'maxOutputTokens.tutor', resolved.maxOutputTokens.tutor, 1);
  requireInteger(PREFIX, 'maxOutputTokens.judge', resolved.maxOutputTokens.judge, 1);
  return resolved;
}

function requireModel(role: ModelRole, model: LanguageModel | undefined): LanguageModel {
  const valid =
    (typeof model === 'string' && model !== '') ||
    (typeof model === 'object' && model !== null && 'specificationVersion' in model);
  if (!valid) {
    throw new TypeError(
      `${PREFIX}: \`${role}\` must be an AI SDK language model, e.g. openai('gpt-5-mini').`,
    );
  }
  return model as LanguageModel;
}
