// The demo server's command line: `npm run demo:server -- --help`.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CommandLineError, parseCommandLine, USAGE } from './cli/command-line';
import { DEFAULT_NEW_LEARNER_BUDGET } from './http/demo-identity';
import { resolveCookieKey } from './runtime/cookie-key';
import { createLLM } from './runtime/create-llm';
import { startDemoServer } from './runtime/demo-server';
import { openStorage } from './runtime/open-storage';
import { spendBudgetFromEnvironment } from './runtime/spend-budget';
import { transcriptionFromEnvironment } from './runtime/voice';

const exampleRoot = resolve(import.meta.dirname, '..');
const defaultAppDir = resolve(exampleRoot, '../react-app/dist');
// `npm run -w …` changes directory; relative paths on the command line mean the caller's.
const cwd = process.env.INIT_CWD ?? process.cwd();

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(process.argv.slice(2), { env: process.env, defaultAppDir });
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    console.error(`error: ${error.message}`);
    return 2;
  }
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  const { options } = parsed;
  const appDir = options.appDir === null ? null : resolve(cwd, options.appDir);
  const { llm, description: llmDescription, billed } = await createLLM(options.llm, { cwd });
  let budget: ReturnType<typeof spendBudgetFromEnvironment>;
  try {
    budget = spendBudgetFromEnvironment(process.env, { billed });
  } catch (error) {
    console.error(`error: ${(error as Error).message}`);
    return 2;
  }
  const { storage, description: storageDescription } = await openStorage(options.storage, { cwd });
  // After the storage: PGlite creates the data directory the key is kept in.
  const cookieKey = await resolveCookieKey(options.storage, { env: process.env, cwd });
  const voice = transcriptionFromEnvironment(process.env);
  const server = await startDemoServer({
    storage,
    llm,
    dailyBudgetUsd: budget.dailyBudgetUsd,
    port: options.port,
    host: options.host,
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    secureCookies: options.secureCookies,
    cookieKey: cookieKey.key,
    appDir,
    mediaDir: join(exampleRoot, 'media'),
    ...(voice.transcription ? { transcription: voice.transcription } : {}),
  });
  const appBuilt = appDir !== null && existsSync(join(appDir, 'index.html'));
  console.log(
    [
      'Recall demo server',
      `  tutor:    ${llmDescription}`,
      `  storage:  ${storageDescription}`,
      `  voice:    ${voice.description}`,
      `  budget:   ${budget.description}`,
      `  users:    one anonymous learner per browser (signed cookie; key ${cookieKey.description})`,
      `  limits:   per address: ${DEFAULT_NEW_LEARNER_BUDGET.burst} new learners at once, then ${DEFAULT_NEW_LEARNER_BUDGET.refillPerSecond}/s; new sessions as @recall/ws/server's sessionStartLimit (60 at once, then 1/s)`,
      `  sets:     ${server.seeded.length > 0 ? `saved ${server.seeded.join(', ')}` : 'up to date'}`,
      `  app:      ${appBuilt ? appDir : 'not built (npm run demo builds it); API and WebSocket only'}`,
      '',
      `  Open ${server.url}`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: finishing in-flight turns and closing storage…`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
