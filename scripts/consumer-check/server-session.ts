// The README's server snippets, run as one module the way an app puts them in one file, and a
// session through createRecallClient against them (app/server-main.ts, app/session.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { runOrThrow, tail, userEnvironment } from '../lib/run';
import { transpile } from './consumer-app';
import { combineServerSnippets, hostAppNames, type ReadmeSnippet } from './readme-snippets';

/**
 * Runs the README's server snippets as one module and a session against them. With
 * `substituted`, the server runs under app/stand-ins.mjs (the model is the Messages API
 * stand-in: one exchange is checked); without, on the snippet's no-key path (the offline
 * model: a whole session).
 */
export async function runServerAndSession(options: {
  app: string;
  server: readonly ReadmeSnippet[];
  substituted: boolean;
  /** The Node binary that runs the server and the session. @default 'node' (on PATH) */
  node?: string;
}): Promise<string> {
  const { app, server, node = 'node' } = options;
  if (server.length === 0)
    throw new Error('No README snippet is marked `readme-check: run server`.');
  mkdirSync(join(app, 'server'), { recursive: true });
  writeFileSync(join(app, 'server/readme-server.mjs'), transpile(combineServerSnippets(server)));
  const preload = options.substituted
    ? ['--import', pathToFileURL(join(app, 'stand-ins.mjs')).href]
    : [];
  const child = spawn(
    node,
    [
      ...preload,
      'server/server-main.mjs',
      'server/readme-server.mjs',
      hostAppNames(server).join(','),
    ],
    { cwd: app, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // The README's SIGTERM handler must close everything so that the process exits by itself.
  const stop = async (): Promise<number | null> => {
    const exited = new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  let summary = '';
  try {
    const ready = await readyLine(child, () => output);
    const session = await runOrThrow(node, ['session.mjs', JSON.stringify(ready)], {
      cwd: app,
      timeoutMs: 120_000,
    });
    const done = /^DONE (.*)$/m.exec(session.output)?.[1];
    if (done === undefined) throw new Error(`The session did not finish:\n${tail(session.output)}`);
    summary = `${ready.answers.length} points, session ${done}`;
  } catch (error) {
    await stop();
    throw error;
  }
  const code = await stop();
  if (code !== 0) {
    throw new Error(
      `The README server did not exit by itself on SIGTERM (exit ${code}):\n${tail(output)}`,
    );
  }
  return summary;
}

interface Ready {
  url: string;
  recallSetId: string;
  userId: string;
  answers: string[];
  reply?: string;
}

function readyLine(child: ChildProcess, errors: () => string): Promise<Ready> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The README server did not start:\n${errors()}`)),
      60_000,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^READY (.*)$/.exec(line);
      if (match === null) return;
      clearTimeout(timer);
      resolve(JSON.parse(match[1] ?? '{}') as Ready);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The README server exited (${code}) before listening:\n${tail(errors())}`));
    });
  });
}
