import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));

test('the client state bundles for browsers without zod or any schema', async () => {
  const result = await build({
    stdin: {
      contents: [
        "export { createInitialClientState } from './client-session-state';",
        "export { reduceClientState } from './reduce-client-state';",
        "export { applyOutgoingMessage, markConnectionReset } from './outgoing';",
        "export { replayServerMessages } from './replay-server-messages';",
      ].join('\n'),
      resolveDir: here,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.length).toBeGreaterThan(3);
  // Only this folder: no zod, no protocol schemas, nothing from @recall/core at runtime.
  for (const input of inputs.filter((path) => path !== '<stdin>')) {
    expect(input).toMatch(/packages\/ws\/src\/client-state\/[\w-]+\.ts$/);
  }
  const bytes = result.outputFiles[0]?.contents.byteLength ?? Number.POSITIVE_INFINITY;
  expect(bytes).toBeLessThan(8 * 1024);
});
