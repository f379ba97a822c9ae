// The consumer app of the check: what it installs besides the install line, the snippet files
// and tsconfigs it typechecks, and the scripts it runs (built from ./app).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { runOrThrow } from '../lib/run';
import { importsOf, packageOf, type ReadmeSnippet } from './readme-snippets';
import type { Tarball } from './tarballs';

const APP_SOURCES = join(import.meta.dirname, 'app');

/** Typechecked with the snippets, against the packed packages. */
const TYPECHECKED_APP_FILES = ['session.ts'];

/** Built into the app (types stripped) and run there. */
const BUILT_APP_FILES = [
  { source: 'server-main.ts', output: 'server/server-main.mjs', module: ts.ModuleKind.ESNext },
  { source: 'session.ts', output: 'session.mjs', module: ts.ModuleKind.ESNext },
  { source: 'missing-peers.ts', output: 'missing-peers.mjs', module: ts.ModuleKind.ESNext },
  { source: 'missing-peers.ts', output: 'missing-peers.cjs', module: ts.ModuleKind.CommonJS },
  { source: 'peer-majors.ts', output: 'peer-majors.mjs', module: ts.ModuleKind.ESNext },
  { source: 'stand-ins.ts', output: 'stand-ins.mjs', module: ts.ModuleKind.ESNext },
  { source: 'run-readme.ts', output: 'run-readme.mjs', module: ts.ModuleKind.ESNext },
];

/**
 * What running the snippets needs besides what they import: a renderer for the server render
 * of the React snippets, and the DOM the test snippets run in under vitest.
 */
const RUNNER_TOOLS = ['react-dom', 'happy-dom'];

const COMPILER_OPTIONS = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  // TypeScript 6 deprecates node10 (TypeScript 5's `node`); apps still on it are covered too.
  // Other libraries' types (vitest's) need exports maps, so only ours are checked there.
  node10: {
    module: 'esnext',
    moduleResolution: 'node10',
    ignoreDeprecations: '6.0',
    skipLibCheck: true,
  },
} as const;

/** TypeScript as the check builds the app's scripts: types stripped, nothing checked. */
export function transpile(code: string, module: ts.ModuleKind = ts.ModuleKind.ESNext): string {
  return ts.transpileModule(code, {
    compilerOptions: { module, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX },
  }).outputText;
}

/**
 * Installs TypeScript, `@types/node`, and every package the snippets import that the install
 * line did not bring (a test runner, say), each at the version this repository uses, plus the
 * `@types/*` package this repository uses for it. Returns what it installed.
 */
export async function installTools(options: {
  repoRoot: string;
  app: string;
  snippets: readonly ReadmeSnippet[];
}): Promise<string[]> {
  const versions = workspaceVersions(options.repoRoot);
  const imported = new Set(
    [
      ...options.snippets.flatMap((snippet) => importsOf(snippet.code)),
      ...TYPECHECKED_APP_FILES.flatMap((file) =>
        importsOf(readFileSync(join(APP_SOURCES, file), 'utf8')),
      ),
    ]
      .map(packageOf)
      .filter((name): name is string => name !== null && !name.startsWith('@recall/')),
  );
  // What an app using an entry installs with it: the optional peers its declarations name
  // (`ai` for `@recall/core/llm/ai-sdk`).
  const recallEntries = options.snippets
    .flatMap((snippet) => importsOf(snippet.code))
    .filter((specifier) => specifier.startsWith('@recall/'));
  for (const peer of declaredOptionalPeers(options.app, recallEntries)) imported.add(peer);
  const installed = (name: string) =>
    existsSync(join(options.app, 'node_modules', name, 'package.json'));
  const wanted = new Set(['typescript', '@types/node', ...RUNNER_TOOLS]);
  for (const name of imported) if (!installed(name)) wanted.add(name);
  const specs = [...wanted, ...typesFor(versions, imported, installed)];
  await npmInstallDev(options.app, versions, specs);
  // The types that what was just installed needs without depending on them (the AI SDK's
  // declarations import `json-schema`, whose types are `@types/json-schema`).
  const more = typesFor(versions, imported, installed).filter((name) => !specs.includes(name));
  if (more.length > 0) await npmInstallDev(options.app, versions, more);
  return [...specs, ...more].sort().map((name) => withVersion(versions, name));
}

/**
 * The `@types/*` packages this repository uses for a module that is imported or installed:
 * for what the install line brought (react-dom as a peer) and what the snippets import.
 */
function typesFor(
  versions: ReadonlyMap<string, string>,
  imported: ReadonlySet<string>,
  installed: (name: string) => boolean,
): string[] {
  const types: string[] = [];
  for (const [name] of versions) {
    const typed = name.startsWith('@types/') ? name.slice('@types/'.length) : null;
    const module = typed?.includes('__') ? `@${typed.replace('__', '/')}` : typed;
    if (module && (imported.has(module) || installed(module))) types.push(name);
  }
  return types;
}

function withVersion(versions: ReadonlyMap<string, string>, name: string): string {
  const version = versions.get(name);
  return version === undefined ? name : `${name}@${version}`;
}

async function npmInstallDev(
  app: string,
  versions: ReadonlyMap<string, string>,
  names: readonly string[],
): Promise<void> {
  const specs = [...new Set(names)].sort().map((name) => withVersion(versions, name));
  await runOrThrow('npm', ['install', '--no-audit', '--no-fund', '--save-dev', ...specs], {
    cwd: app,
  });
}

/** The optional peers that the installed declarations of `entries` (`@recall/…`) import. */
function declaredOptionalPeers(app: string, entries: readonly string[]): Set<string> {
  const peers = new Set<string>();
  for (const entry of new Set(entries)) {
    const name = packageOf(entry);
    if (name === null) continue;
    const root = join(app, 'node_modules', name);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports?: Record<string, { import?: { types?: string } } | string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    const target = manifest.exports?.[`.${entry.slice(name.length)}`];
    const types = typeof target === 'object' ? target.import?.types : undefined;
    if (types === undefined) continue;
    const optional = Object.entries(manifest.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional === true)
      .map(([peer]) => peer);
    for (const specifier of importsOf(readFileSync(join(root, types), 'utf8'))) {
      const peer = packageOf(specifier);
      if (peer !== null && optional.includes(peer)) peers.add(peer);
    }
  }
  return peers;
}

/** One file per snippet (its declarations first), and one strict tsconfig per resolution. */
export function writeTypecheckProject(options: {
  app: string;
  snippets: readonly ReadmeSnippet[];
  resolutions: readonly (keyof typeof COMPILER_OPTIONS)[];
  tarballs: readonly Tarball[];
}): void {
  const directory = join(options.app, 'snippets');
  mkdirSync(directory, { recursive: true });
  // node10 cannot read exports maps: every entry must resolve through typesVersions, whether a
  // snippet imports it or not (attw checks the other resolutions entry by entry).
  const entries = options.tarballs.flatMap((tarball) =>
    Object.keys(tarball.manifest.exports)
      .filter((subpath) => subpath !== './package.json' && !subpath.endsWith('.json'))
      .map((subpath) => (subpath === '.' ? tarball.name : `${tarball.name}/${subpath.slice(2)}`)),
  );
  writeFileSync(
    join(options.app, 'every-entry.ts'),
    `${entries.map((entry, index) => `import type * as entry${index} from '${entry}';`).join('\n')}\n`,
  );
  for (const snippet of options.snippets) {
    const name = `${snippet.readme.replace(/\/?README\.md$/, '').replace(/\W+/g, '-') || 'root'}-line-${snippet.line}`;
    const header = `// ${snippet.readme}, line ${snippet.line}\n${snippet.declarations}\n`;
    writeFileSync(join(directory, `${name}.${snippet.language}`), `${header}${snippet.code}\n`);
  }
  // What a Vite app's `vite/client` types give it: CSS imports.
  writeFileSync(join(options.app, 'app-env.d.ts'), "declare module '*.css';\n");
  for (const resolution of options.resolutions) {
    const config = {
      compilerOptions: {
        target: 'es2022',
        lib: ['es2023', 'dom', 'dom.iterable'],
        strict: true,
        jsx: 'react-jsx',
        types: ['node'],
        noEmit: true,
        skipLibCheck: false,
        ...COMPILER_OPTIONS[resolution],
      },
      include: [
        'snippets',
        'app-env.d.ts',
        ...TYPECHECKED_APP_FILES,
        ...(resolution === 'node10' ? ['every-entry.ts'] : []),
      ],
    };
    writeFileSync(
      join(options.app, `tsconfig.${resolution}.json`),
      `${JSON.stringify(config, null, 2)}\n`,
    );
  }
}

/**
 * Copies the typechecked scripts and builds the runnable ones into the app (only those built
 * from `sources`, when given).
 */
export function writeAppFiles(app: string, sources?: readonly string[]): void {
  if (sources === undefined) {
    for (const file of TYPECHECKED_APP_FILES) {
      writeFileSync(join(app, file), readFileSync(join(APP_SOURCES, file), 'utf8'));
    }
  }
  for (const { source, output, module } of BUILT_APP_FILES) {
    if (sources !== undefined && !sources.includes(source)) continue;
    mkdirSync(join(app, output, '..'), { recursive: true });
    writeFileSync(
      join(app, output),
      transpile(readFileSync(join(APP_SOURCES, source), 'utf8'), module),
    );
  }
}

/**
 * The optional peers of the packed packages that the app did not install, except msw (which
 * `@recall/core/testing/msw` imports directly, as its README says).
 */
export function missingOptionalPeers(app: string, tarballs: readonly Tarball[]): string[] {
  const peers = tarballs.flatMap((tarball) =>
    Object.entries(tarball.manifest.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional === true)
      .map(([name]) => name),
  );
  return [...new Set(peers)].filter(
    (name) => name !== 'msw' && !existsSync(join(app, 'node_modules', name, 'package.json')),
  );
}

/** The version range this repository uses for each dependency, from every workspace manifest. */
function workspaceVersions(repoRoot: string): Map<string, string> {
  const manifests = [
    join(repoRoot, 'package.json'),
    ...['packages', 'examples'].flatMap((parent) =>
      readdirSync(join(repoRoot, parent)).map((name) =>
        join(repoRoot, parent, name, 'package.json'),
      ),
    ),
  ].filter(existsSync);
  const versions = new Map<string, string>();
  for (const path of manifests) {
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies']) {
      for (const [name, range] of Object.entries(
        (manifest[field] ?? {}) as Record<string, string>,
      )) {
        if (!versions.has(name) && !range.startsWith('npm:')) versions.set(name, range);
      }
    }
  }
  return versions;
}
