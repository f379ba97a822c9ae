// Tools the check installs beside the app, each in a directory of its own: another Node major,
// other TypeScript majors.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOrThrow } from '../lib/run';

/**
 * A real Node binary of `major` from the npm registry (the `node` package installs the
 * platform's official build), in its own directory; returns its path.
 */
export async function installNode(directory: string, major: number): Promise<string> {
  await installInto(directory, `node@${major}`);
  return join(directory, 'node_modules/node/bin/node');
}

/** `npm install <spec>` into a directory of its own (a tool the app does not depend on). */
export async function installInto(directory: string, spec: string): Promise<void> {
  mkdirSync(directory);
  const manifest = { name: 'recall-consumer-tool', private: true, allowScripts: { node: true } };
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await runOrThrow('npm', ['install', '--no-audit', '--no-fund', spec], { cwd: directory });
}
