import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { REPO_ROOT } from './demo-process';

/** Builds the React demo app (as `npm run demo` does) into a fresh temporary directory. */
export async function buildDemoApp(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'recall-demo-app-'));
  const root = join(REPO_ROOT, 'examples/react-app');
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}
