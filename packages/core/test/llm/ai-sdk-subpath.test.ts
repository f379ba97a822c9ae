import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as core from '@recall/core';
import * as aiSdk from '@recall/core/llm/ai-sdk';
import * as testing from '@recall/core/testing';
import * as openaiStandIn from '@recall/core/testing/openai';
import { build, type Plugin } from 'esbuild';
import { expect, test } from 'vitest';

const AI_SDK = /^(ai$|ai\/|@ai-sdk\/)/;
const builtins = new Set(builtinModules);

interface Reached {
  /** Every bundled source file. */
  files: string[];
  /** Node built-ins and AI SDK packages the graph imports, with how (static or dynamic). */
  imports: Array<{ path: string; kind: string }>;
}

/** Bundles `entry` for browsers; records the Node-only and AI SDK modules its graph reaches. */
async function browserBundle(entry: string): Promise<Reached> {
  const imports: Reached['imports'] = [];
  const record: Plugin = {
    name: 'record-external',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.path.startsWith('node:') || builtins.has(args.path) || AI_SDK.test(args.path)) {
          imports.push({ path: args.path, kind: args.kind });
          return { path: args.path, external: true };
        }
        return undefined;
      });
    },
  };
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    plugins: [record],
    logLevel: 'silent',
  });
  return { files: Object.keys(result.metafile.inputs), imports };
}

test('the adapter lives on @recall/core/llm/ai-sdk; nothing of it or of `ai` reaches the main entry', async () => {
  expect(Object.keys(aiSdk)).toEqual(['createAiSdkLLM']);
  expect('createAiSdkLLM' in core).toBe(false);
  const main = await browserBundle('../../src/index.ts');
  expect(main.files.filter((file) => /llm\/ai-sdk\//.test(file))).toEqual([]);
  expect(main.imports.filter((reached) => AI_SDK.test(reached.path))).toEqual([]);
  // The check can fail: the subpath does reach `ai`, lazily (an optional peer).
  const subpath = await browserBundle('../../src/llm/ai-sdk/index.ts');
  expect(subpath.imports).toContainEqual({ path: 'ai', kind: 'dynamic-import' });
  expect(subpath.imports.filter((reached) => reached.kind !== 'dynamic-import')).toEqual([]);
});

test('@recall/core/testing statically reaches no node:* module and none of the Chat Completions stand-in', async () => {
  expect('startChatCompletionsServer' in testing).toBe(false);
  expect(Object.keys(openaiStandIn)).toEqual(['startChatCompletionsServer']);
  const entry = await browserBundle('../../src/testing/index.ts');
  expect(entry.files.filter((file) => /testing\/openai\//.test(file))).toEqual([]);
  // The Messages API server loads node:http when it is started, never when the entry loads.
  expect(entry.imports.filter((reached) => reached.kind !== 'dynamic-import')).toEqual([]);
  // The check can fail: the stand-in's own subpath is Node-only.
  const standIn = await browserBundle('../../src/testing/openai/index.ts');
  expect(standIn.imports).toContainEqual({ path: 'node:http', kind: 'import-statement' });
});
