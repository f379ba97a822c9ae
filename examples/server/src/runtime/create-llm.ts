import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { LLMAdapter } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import type { LLMChoice } from '../cli/command-line';

/** A model adapter and how to describe it in the start-up log. */
export interface CreatedLLM {
  llm: LLMAdapter;
  description: string;
  /** Whether calls cost money (a provider key): the demo then sets daily spend budgets. */
  billed: boolean;
}

/** Builds the chosen model adapter. Node-only and test-only adapters are imported lazily. */
export async function createLLM(choice: LLMChoice, options: { cwd: string }): Promise<CreatedLLM> {
  switch (choice.kind) {
    case 'offline':
      return {
        // A short pause between words, so the reply visibly streams as a model's would.
        llm: createOfflineLLM({ chunkDelayMs: 15 }),
        description: 'offline tutor — set ANTHROPIC_API_KEY for Claude',
        billed: false,
      };
    case 'anthropic': {
      const { createAnthropicLLM } = await import('@recall/core/llm/anthropic');
      return { llm: createAnthropicLLM(), description: 'Claude (Anthropic API)', billed: true };
    }
    case 'openai-compatible': {
      // One builder for the OpenAI-compatible path, shared with `recall-eval`.
      const { createLLM: createChosenLLM } = await import('@recall/eval/llm-choice');
      const created = await createChosenLLM(choice, options);
      return { ...created, billed: choice.apiKey !== undefined };
    }
    case 'scripted': {
      const file = resolve(options.cwd, choice.file);
      const { createScriptedLLMFromJson } = await import('./scripted-llm-file');
      return {
        llm: createScriptedLLMFromJson(await readScript(file), { file }),
        description: `scripted model outputs from ${file}`,
        billed: false,
      };
    }
  }
}

async function readScript(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`cannot read the script ${file} (${code}).`);
  }
}
