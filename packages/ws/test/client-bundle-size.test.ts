import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, test } from 'vitest';

const source = fileURLToPath(new URL('../src', import.meta.url));

/** The gzip budget of the browser client + reducer (8.1 KiB when the budget was set). */
const CLIENT_GZIP_BUDGET = 9 * 1024;

async function bundleForBrowser(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: source, loader: 'ts' },
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@recall/source'],
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('esbuild produced no output');
  return { output: output.contents, metafile: result.metafile };
}

/** The inputs that contributed bytes to the output (tree-shaken modules contribute none). */
function contributingInputs(metafile: Metafile): string[] {
  return Object.values(metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input),
  );
}

describe('the browser client bundle', () => {
  test('createRecallClient + the reducer: no zod, no schemas, within the gzip budget', async () => {
    const { output, metafile } = await bundleForBrowser(
      [
        "export { createRecallClient } from './client/create-recall-client';",
        "export { createInitialClientState } from './client-state/client-session-state';",
        "export { reduceClientState } from './client-state/reduce-client-state';",
        "export { replayServerMessages } from './client-state/replay-server-messages';",
      ].join('\n'),
    );
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((input) => input.endsWith('src/client/decode-server-message.ts'))).toBe(
      true,
    );
    for (const input of inputs) {
      expect(input).not.toMatch(/node_modules\/zod\//);
      expect(input).not.toMatch(/packages\/core\//);
      expect(input).not.toMatch(/protocol\/((server|client)-messages|parse-[\w-]+)\.ts$/);
    }
    const gzipBytes = gzipSync(output).byteLength;
    expect(gzipBytes).toBeLessThan(CLIENT_GZIP_BUDGET);
  });

  test('importing createRecallClient from the package entry leaves zod out', async () => {
    const { metafile } = await bundleForBrowser("export { createRecallClient } from '@recall/ws';");
    const contributing = contributingInputs(metafile);
    expect(contributing.some((input) => input.endsWith('src/client/create-recall-client.ts'))).toBe(
      true,
    );
    expect(contributing.filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
  });
});
