import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LLMAdapter } from '@recall/core';
import { RecallEvalError } from '../errors';
import type { LLMChoice } from './llm-choice';

/** A model adapter and how the report names it. */
export interface CreatedLLM {
  llm: LLMAdapter;
  description: string;
}

/** Options for {@link createLLM}. */
export interface CreateLLMOptions {
  /** Directory a relative `module:` path is resolved against. @default process.cwd() */
  cwd?: string;
  /**
   * Where `anthropic` reads `ANTHROPIC_API_KEY` and `ANTHROPIC_BASE_URL`.
   * @default process.env
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Builds the chosen adapter. Provider SDKs (optional peers) are imported only when chosen.
 * Rejects with `RecallEvalError` (`EVAL_MODULE_INVALID`) for a module without a usable default export.
 */
export async function createLLM(
  choice: LLMChoice,
  options: CreateLLMOptions = {},
): Promise<CreatedLLM> {
  switch (choice.kind) {
    case 'offline': {
      const { createOfflineLLM } = await import('@recall/core/llm/offline');
      return { llm: createOfflineLLM(), description: 'offline model (@recall/core/llm/offline)' };
    }
    case 'anthropic': {
      const { createAnthropicLLM } = await import('@recall/core/llm/anthropic');
      const models = {
        ...(choice.tutorModel === undefined ? {} : { tutor: choice.tutorModel }),
        ...(choice.judgeModel === undefined ? {} : { judge: choice.judgeModel }),
      };
      const env = options.env ?? process.env;
      const apiKey = env.ANTHROPIC_API_KEY?.trim();
      const baseURL = env.ANTHROPIC_BASE_URL?.trim();
      return {
        llm: createAnthropicLLM({
          models,
          ...(apiKey ? { apiKey } : {}),
          ...(baseURL ? { baseURL } : {}),
        }),
        description: `Claude (Anthropic API${choice.tutorModel ? `, ${choice.tutorModel}` : ''})`,
      };
    }
    case 'openai-compatible': {
      const [{ createAiSdkLLM }, { createOpenAICompatible }] = await Promise.all([
        import('@recall/core/llm/ai-sdk'),
        import('@ai-sdk/openai-compatible'),
      ]);
      const provider = createOpenAICompatible({
        name: 'local',
        baseURL: choice.baseURL,
        ...(choice.apiKey === undefined ? {} : { apiKey: choice.apiKey }),
        includeUsage: true,
        supportsStructuredOutputs: choice.structuredOutput === 'native',
      });
      const judge = choice.judgeModel === choice.tutorModel ? '' : `, judge ${choice.judgeModel}`;
      return {
        llm: createAiSdkLLM({
          tutor: provider(choice.tutorModel),
          judge: provider(choice.judgeModel),
          structuredOutput: choice.structuredOutput,
        }),
        description: `${choice.tutorModel}${judge} on ${choice.baseURL} (OpenAI-compatible)`,
      };
    }
    case 'module':
      return loadAdapterModule(choice.path, options.cwd ?? process.cwd());
  }
}

/** Imports `path`; its default export is an `LLMAdapter` or a (possibly async) function returning one. */
async function loadAdapterModule(path: string, cwd: string): Promise<CreatedLLM> {
  const file = isAbsolute(path) ? path : resolve(cwd, path);
  let loaded: { default?: unknown };
  try {
    loaded = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    throw new RecallEvalError(
      'EVAL_MODULE_INVALID',
      `cannot load the adapter module ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let candidate = loaded.default;
  if (typeof candidate === 'function') candidate = await (candidate as () => unknown)();
  if (!isLLMAdapter(candidate)) {
    throw new RecallEvalError(
      'EVAL_MODULE_INVALID',
      `the default export of ${file} is not an LLMAdapter (specificationVersion 'recall-llm-v1', streamText, generateObject) nor a function returning one.`,
    );
  }
  return { llm: candidate, description: `${candidate.name} (module ${path})` };
}

function isLLMAdapter(value: unknown): value is LLMAdapter {
  if (typeof value !== 'object' || value === null) return false;
  const adapter = value as Partial<LLMAdapter>;
  return (
    adapter.specificationVersion === 'recall-llm-v1' &&
    typeof adapter.streamText === 'function' &&
    typeof adapter.generateObject === 'function'
  );
}
