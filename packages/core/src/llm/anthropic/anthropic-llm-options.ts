import {
  type LLMRetryOptions,
  type ResolvedCallTiming,
  requireInteger,
  resolveCallTiming,
} from '../retry/call-timing';
import type { AnthropicModels } from './models';

const ADAPTER = 'createAnthropicLLM';

/** Options of {@link createAnthropicLLM}. Every option is optional. */
export interface AnthropicLLMOptions extends LLMRetryOptions {
  /**
   * The API key.
   * @default process.env.ANTHROPIC_API_KEY
   */
  apiKey?: string;
  /**
   * The API origin, e.g. a proxy or a local mock server.
   * @default process.env.ANTHROPIC_BASE_URL, else 'https://api.anthropic.com'
   */
  baseURL?: string;
  /**
   * Model ids by role; unset roles keep their default.
   * @default ANTHROPIC_DEFAULT_MODELS
   */
  models?: Partial<AnthropicModels>;
  /**
   * Output token limit by role, when a call sets no `maxOutputTokens`.
   * @default { tutor: 2048, judge: 1024 }
   */
  maxOutputTokens?: Partial<Record<keyof AnthropicModels, number>>;
  /**
   * Time allowed until the response headers arrive.
   * @default 60000
   */
  timeoutMs?: number;
  /**
   * Longest silence between two chunks of a started response (pings count as chunks).
   * The SDK's own timeout stops counting once headers arrive, so this is what catches a stall.
   * @default 30000
   */
  idleTimeoutMs?: number;
  /**
   * The `fetch` to use.
   * @default the global `fetch`, looked up on every request (so msw and other interceptors installed later still apply)
   */
  fetch?: typeof fetch;
  /** Extra headers sent with every request. */
  defaultHeaders?: Record<string, string>;
  /**
   * Allows running in a browser, which exposes the API key to its users.
   * @default false
   */
  dangerouslyAllowBrowser?: boolean;
}

/** Options with defaults applied and values checked. */
export interface ResolvedAnthropicLLMOptions extends ResolvedCallTiming {
  apiKey: string;
  baseURL: string | undefined;
  models: AnthropicModels;
  maxOutputTokens: Record<keyof AnthropicModels, number>;
  fetch: typeof fetch;
  defaultHeaders: Record<string, string>;
  dangerouslyAllowBrowser: boolean;
}

/** Reads an environment variable where a `process` exists (Node, Bun, Deno); undefined elsewhere. */
export function readEnvironment(name: string): string | undefined {
  const environment = (globalThis as { process?: { env?: Record<string, string | undefined> } })
    .process?.env;
  const value = environment?.[name]?.trim();
  return value ? value : undefined;
}

/** Applies defaults; rejects invalid values at once with a `TypeError` naming the option. */
export function resolveAnthropicLLMOptions(
  options: AnthropicLLMOptions,
  defaults: { models: AnthropicModels },
): ResolvedAnthropicLLMOptions {
  const apiKey = options.apiKey ?? readEnvironment('ANTHROPIC_API_KEY');
  if (!apiKey) {
    throw new TypeError(
      'createAnthropicLLM: no API key. Pass `apiKey` or set the ANTHROPIC_API_KEY environment variable.',
    );
  }
  const resolved: ResolvedAnthropicLLMOptions = {
    apiKey,
    baseURL: options.baseURL ?? readEnvironment('ANTHROPIC_BASE_URL'),
    models: { ...defaults.models, ...definedEntries(options.models) },
    maxOutputTokens: { tutor: 2048, judge: 1024, ...definedEntries(options.maxOutputTokens) },
    ...resolveCallTiming(ADAPTER, options),
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    defaultHeaders: options.defaultHeaders ?? {},
    dangerouslyAllowBrowser: options.dangerouslyAllowBrowser ?? false,
  };
  requireInteger(ADAPTER, 'maxOutputTokens.tutor', resolved.maxOutputTokens.tutor, 1);
  requireInteger(ADAPTER, 'maxOutputTokens.judge', resolved.maxOutputTokens.judge, 1);
  for (const role of ['tutor', 'judge'] as const) {
    if (typeof resolved.models[role] !== 'string' || resolved.models[role] === '') {
      throw new TypeError(`createAnthropicLLM: \`models.${role}\` must be a non-empty model id.`);
    }
  }
  return resolved;
}

/** Drops keys whose value is undefined, so they do not override defaults. */
function definedEntries<T extends object>(value: T | undefined): Partial<T> {
  if (value === undefined) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
