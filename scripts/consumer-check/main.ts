// npm run check:consumer — Recall as an npm consumer meets it. Packs the three packages,
// installs the tarballs with the README's install line into an app outside the workspace (with
// the Node and npm on the user's PATH), typechecks every README's ts/tsx snippets under strict
// TypeScript with moduleResolution bundler, nodenext and node10, and runs every snippet:
//  - the root README's server snippets as one server, with a whole session through
//    createRecallClient on the offline model (the snippet's no-key path), then again with one
//    exchange on the Messages API stand-in (its createAnthropicLLM() path);
//  - every other snippet, README by README (scripts/consumer-check/run-snippets.ts): modules in
//    Node, React components rendered on the server, test snippets under vitest + happy-dom;
//  - the server with a whole session and the other snippets again on Node 22 (`npm install
//    node@22`), the oldest major `engines` allows, besides the Node the check runs on;
// and typechecks the snippets again with TypeScript 5.9 and 7 (bundler and nodenext).
// The model is swapped in one place, app/stand-ins.ts: loaded with `node --import`, it starts
// the repository's model stand-ins and points ANTHROPIC_BASE_URL and OPENAI_BASE_URL at them
// (placeholder keys), so the snippets run unedited, as in production. A snippet is exempted
// only by `<!-- readme-check: skip: why -->` above it; the check prints every exemption.
// It also checks that each optional peer the app did not install fails with
// PEER_DEPENDENCY_MISSING. `--keep` leaves the app directory in place.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { formatDuration, runOrThrow, tail } from '../lib/run';
import { PUBLISHED_PACKAGES } from '../readme/api-table';
import {
  installTools,
  missingOptionalPeers,
  writeAppFiles,
  writeTypecheckProject,
} from './consumer-app';
import { extractSnippets, findInstallCommand } from './readme-snippets';
import { checkEvalCommand } from './eval-command';
import { runReadmeModules, runReadmeTests } from './run-snippets';
import { installInto, installNode } from './tool-installs';
import { runServerAndSession } from './server-session';
import { packPackages, type Tarball, tarballProblems } from './tarballs';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
/**
 * The optional peers' majors the packages accept, each installed beside the tarballs with a
 * plain `npm install` (an ERESOLVE fails the check) and exercised by app/peer-majors.ts against
 * the repository's stand-ins. The provider package is the generation each `ai` major pairs with.
 */
const PEER_SETS = [
  { label: 'ai 6 + msw 3', packages: ['ai@^6', 'msw@^3', '@ai-sdk/openai-compatible@^2'] },
  { label: 'ai 7 + msw 2', packages: ['ai@^7', 'msw@^2', '@ai-sdk/openai-compatible@^3'] },
] as const;
const ENGINES_NODE_MAJOR = 22;
const READMES = ['README.md', ...PUBLISHED_PACKAGES.map((directory) => `${directory}/README.md`)];
const RESOLUTIONS = ['bundler', 'nodenext', 'node10'] as const;
/**
 * The TypeScript majors the README supports besides the repository's own (6): the oldest (5.9)
 * and the newest (7), each on the resolutions it still has (7 drops node10).
 */
const OTHER_TYPESCRIPTS = ['5.9', '7'] as const;

const started = Date.now();
const timings: string[] = [];
async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const stepStarted = Date.now();
  const result = await work();
  const line = `${label} (${formatDuration(Date.now() - stepStarted)})`;
  timings.push(line);
  console.log(`✓ ${line}`);
  return result;
}

await useSupportedNode();

const work = mkdtempSync(join(tmpdir(), 'recall-consumer-'));
const app = join(work, 'app');
let succeeded = false;
try {
  await step('build the packages (turbo, cached when unchanged)', () =>
    runOrThrow(
      'npx',
      ['turbo', 'run', 'build', ...PUBLISHED_PACKAGES.map((path) => `--filter=./${path}`)],
      { cwd: REPO_ROOT, env: process.env },
    ),
  );
  const tarballs = await step('npm pack the three packages', () =>
    packPackages(REPO_ROOT, join(work, 'tarballs')),
  );
  reportTarballs(tarballs);

  const snippets = READMES.flatMap((path) =>
    extractSnippets(path, readFileSync(join(REPO_ROOT, path), 'utf8')),
  );
  const checked = snippets.filter((snippet) => snippet.skip === null);
  const installLine = findInstallCommand(
    'README.md',
    readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'),
  );

  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify({ name: 'recall-consumer-check', private: true, type: 'module' }, null, 2)}\n`,
  );
  const nodeVersion = (await runOrThrow('node', ['--version'], { cwd: app })).output.trim();
  await step(`npm install ${installLine.join(' ')} (Node ${nodeVersion})`, async () => {
    const result = await runOrThrow(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        ...installLine.map((spec) => tarballFor(spec, tarballs)),
      ],
      { cwd: app },
    );
    const warnings = result.output.split('\n').filter((line) => line.includes('EBADENGINE'));
    if (warnings.length > 0) {
      throw new Error(
        `The install line warns EBADENGINE on Node ${nodeVersion}:\n${warnings.join('\n')}`,
      );
    }
  });
  writeAppFiles(app);
  await step('npx recall-eval --help from the installed @recall/eval tarball', async () => {
    const usage = await checkEvalCommand({
      repoRoot: REPO_ROOT,
      app,
      destination: join(work, 'tarballs'),
      tarballs,
    });
    console.log(`  ${usage}`);
  });
  const missing = missingOptionalPeers(app, tarballs);
  await step(
    `a missing optional peer fails with PEER_DEPENDENCY_MISSING (${missing.join(', ')}; ESM and CommonJS)`,
    async () => {
      for (const file of ['missing-peers.mjs', 'missing-peers.cjs']) {
        const result = await runOrThrow('node', [file, ...missing], {
          cwd: app,
          timeoutMs: 60_000,
        });
        if (file.endsWith('.mjs')) console.log(result.output.trimEnd().replace(/^/gm, '  '));
      }
    },
  );

  const tools = await step('npm install the typecheck tools and what the snippets import', () =>
    installTools({ repoRoot: REPO_ROOT, app, snippets: checked }),
  );
  console.log(`  ${tools.join(' ')}`);

  writeTypecheckProject({ app, snippets: checked, resolutions: RESOLUTIONS, tarballs });
  for (const resolution of RESOLUTIONS) {
    await step(
      `tsc: ${checked.length} README snippets, strict, moduleResolution ${resolution}`,
      () =>
        runOrThrow(join(app, 'node_modules/.bin/tsc'), ['-p', `tsconfig.${resolution}.json`], {
          cwd: app,
        }),
    );
  }

  for (const version of OTHER_TYPESCRIPTS) {
    await step(
      `tsc ${version}: the same snippets, moduleResolution bundler and nodenext`,
      async () => {
        const directory = join(work, `typescript-${version}`);
        await installInto(directory, `typescript@~${version}`);
        const tsc = join(directory, 'node_modules/typescript/bin/tsc');
        for (const resolution of ['bundler', 'nodenext']) {
          await runOrThrow('node', [tsc, '-p', `tsconfig.${resolution}.json`], { cwd: app });
        }
      },
    );
  }

  const server = checked.filter((snippet) => snippet.runsAsServer);
  for (const substituted of [false, true]) {
    const model = substituted
      ? 'one exchange on the Messages API stand-in'
      : 'a whole session, offline model';
    await step(
      `run the README server and a session through createRecallClient (${model})`,
      async () => console.log(`  ${await runServerAndSession({ app, server, substituted })}`),
    );
  }
  const exempt = snippets.filter((candidate) => candidate.skip !== null);
  console.log(`  ${exempt.length} of ${snippets.length} snippets exempted from running`);
  for (const snippet of exempt)
    console.log(`  exempt: ${snippet.readme}:${snippet.line}: ${snippet.skip}`);
  await step(
    `run the other README snippets on Node ${nodeVersion} (model: the stand-ins)`,
    async () => {
      const summaries = await runReadmeModules({
        app,
        snippets: checked,
        readmes: READMES,
        node: 'node',
      });
      for (const line of summaries) console.log(`  ${line}`);
    },
  );
  await step('run the README snippets that are tests (vitest, happy-dom)', async () => {
    console.log(`  ${await runReadmeTests({ app, snippets: checked })} test snippet(s) passed`);
  });
  await step(
    `on Node ${ENGINES_NODE_MAJOR} (the oldest engines allows): the README server with a whole session, and the other snippets`,
    async () => {
      const node = await installNode(join(work, `node${ENGINES_NODE_MAJOR}`), ENGINES_NODE_MAJOR);
      const version = (await runOrThrow(node, ['--version'], { cwd: app })).output.trim();
      console.log(
        `  ${version}: ${await runServerAndSession({ app, server, substituted: false, node })}`,
      );
      const summaries = await runReadmeModules({ app, snippets: checked, readmes: READMES, node });
      for (const line of summaries) console.log(`  ${version}: ${line}`);
    },
  );

  for (const [index, peers] of PEER_SETS.entries()) {
    await step(
      `npm install the tarballs with ${peers.packages.join(' ')}, run them on the stand-ins (${peers.label})`,
      () => runPeerMajors(join(work, `app-peers-${index + 1}`), tarballs, peers.packages),
    );
  }

  succeeded = true;
  console.log(`\nConsumer check passed in ${formatDuration(Date.now() - started)}:`);
  for (const line of timings) console.log(`  ${line}`);
} finally {
  if (succeeded && !process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
  else console.log(`The consumer app is in ${app}`);
}

/**
 * The packages need Node >= 22 (`engines`). When the Node on PATH is older (a machine whose
 * system Node is 20), the check runs on the repository's own Node (the `node` devDependency)
 * and says so, rather than failing on EBADENGINE.
 */
async function useSupportedNode(): Promise<void> {
  const version = (await runOrThrow('node', ['--version'], { cwd: REPO_ROOT })).output.trim();
  if (Number(/^v(\d+)/.exec(version)?.[1]) >= ENGINES_NODE_MAJOR) return;
  const repositoryNode = join(REPO_ROOT, 'node_modules/node/bin');
  process.env.PATH = `${repositoryNode}${delimiter}${process.env.PATH ?? ''}`;
  const used = (await runOrThrow('node', ['--version'], { cwd: REPO_ROOT })).output.trim();
  console.log(
    `The Node on PATH is ${version}, below engines >=${ENGINES_NODE_MAJOR}: the check runs on the repository's Node ${used}.`,
  );
}

/** One app with one set of peer majors: plain install, then app/peer-majors.ts. */
async function runPeerMajors(
  directory: string,
  tarballs: readonly Tarball[],
  peers: readonly string[],
): Promise<void> {
  mkdirSync(directory);
  writeFileSync(
    join(directory, 'package.json'),
    `${JSON.stringify({ name: 'recall-consumer-peers', private: true, type: 'module' }, null, 2)}\n`,
  );
  const core = tarballFor('@recall/core', tarballs);
  await runOrThrow('npm', ['install', '--no-audit', '--no-fund', core, ...peers], {
    cwd: directory,
  });
  writeAppFiles(directory, ['peer-majors.ts']);
  const result = await runOrThrow('node', ['peer-majors.mjs'], {
    cwd: directory,
    timeoutMs: 120_000,
  });
  console.log(result.output.trimEnd().replace(/^/gm, '  '));
  if (!/^PEERS OK /m.test(result.output))
    throw new Error(`peer-majors.mjs did not finish:\n${tail(result.output)}`);
}

function tarballFor(spec: string, tarballs: readonly Tarball[]): string {
  if (!spec.startsWith('@recall/')) return spec;
  const tarball = tarballs.find((candidate) => candidate.name === spec);
  if (tarball === undefined)
    throw new Error(`The install line names ${spec}, which is not packed.`);
  return tarball.file;
}

function reportTarballs(tarballs: readonly Tarball[]): void {
  const problems = tarballs.flatMap((tarball) =>
    tarballProblems(tarball).map((problem) => `${tarball.name}: ${problem}`),
  );
  for (const tarball of tarballs) {
    console.log(
      `  ${tarball.name}: ${(tarball.packedBytes / 1024).toFixed(0)} KB packed, ${(tarball.unpackedBytes / 1024).toFixed(0)} KB unpacked`,
    );
  }
  if (problems.length > 0) throw new Error(`The tarballs are not right:\n${problems.join('\n')}`);
}
