import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, test } from 'vitest';

const source = fileURLToPath(new URL('../src', import.meta.url));

async function bundle(entry: string): Promise<Metafile> {
  const result = await build({
    stdin: { contents: `export * from './${entry}';`, resolveDir: source, loader: 'ts' },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@recall/source'],
    logLevel: 'silent',
  });
  return result.metafile;
}

/** The inputs that contributed bytes to the output (tree-shaken modules contribute none). */
function contributing(metafile: Metafile): string[] {
  return Object.values(metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input),
  );
}

const NODE_ONLY =
  /^node:|node_modules\/(ws|pg|pg-pool|react|react-dom|@anthropic-ai|@electric-sql)\//;

describe('browser entries', () => {
  test('the main entry is the browser client: no zod, no parsers, no server, nothing Node-only', async () => {
    const metafile = await bundle('index');
    const inputs = contributing(metafile);
    expect(inputs.some((input) => input.endsWith('src/client/create-recall-client.ts'))).toBe(true);
    for (const input of Object.keys(metafile.inputs)) expect(input).not.toMatch(NODE_ONLY);
    for (const input of inputs) {
      expect(input).not.toMatch(/node_modules\/zod\//);
      expect(input).not.toMatch(/src\/server\/|src\/protocol\/(server|client)-messages|parse-/);
    }
  });

  test('the in-process test transport runs in browsers: no node:*, no ws', async () => {
    const metafile = await bundle('testing/index');
    expect(contributing(metafile).some((input) => input.endsWith('in-process-transport.ts'))).toBe(
      true,
    );
    for (const input of Object.keys(metafile.inputs)) expect(input).not.toMatch(NODE_ONLY);
  });
});
