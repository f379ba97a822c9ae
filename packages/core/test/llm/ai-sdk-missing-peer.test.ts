import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const repositoryRoot = join(import.meta.dirname, '../../../..');

test('without `ai` installed, the first call fails with PEER_DEPENDENCY_MISSING naming it', async () => {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@recall/source',
      '--import',
      'tsx',
      join(import.meta.dirname, 'children/without-ai.ts'),
    ],
    { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let errors = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, errors).toBe(0);
  expect(JSON.parse(output.trim())).toEqual({
    code: 'PEER_DEPENDENCY_MISSING',
    message:
      'createAiSdkLLM needs the optional peer dependency "ai", which is not installed. Install it with: npm install ai',
  });
}, 30_000);
