import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, test } from 'vitest';

const source = fileURLToPath(new URL('../src', import.meta.url));

/** The gzip budget of the browser client with the shared fold, bundled from sources. */
const CLIENT_GZIP_BUDGET = 11 * 1024;

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

describe('the browser client bundle (sources)', () => {
  test('createRecallClient with the shared fold: no zod, no schemas, within the gzip budget', async () => {
    const { output, metafile } = await bundleForBrowser(
      "export { createRecallClient } from './client/create-recall-client';",
    );
    const inputs = contributingInputs(metafile);
    expect(inputs.some((input) => input.endsWith('src/client/connection.ts'))).toBe(true);
    // The one fold, from @recall/core: only its zod-free session view modules are bundled.
    expect(
      inputs.some((input) => input.endsWith('core/src/session/view/reduce-session-view.ts')),
    ).toBe(true);
    for (const input of inputs) {
      expect(input).not.toMatch(/node_modules\/zod\//);
      if (input.includes('packages/core/'))
        expect(input).toMatch(/core\/src\/(session\/view|internal)\//);
      expect(input).not.toMatch(/protocol\/((server|client)-messages|parse-[\w-]+)\.ts$/);
    }
    const gzipBytes = gzipSync(output).byteLength;
    expect(gzipBytes).toBeLessThan(CLIENT_GZIP_BUDGET);
  });
});
