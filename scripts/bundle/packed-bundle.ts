// Measures what an app pays for Recall the way a user gets it: the three packages are packed
// with `npm pack`, installed from the tarballs into a fresh app outside the workspace (no
// `@recall/source` condition, no workspace links), and bundled by esbuild and by a real
// `vite build`. React and react-dom stay external: every React app already ships them.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..', '..');
const PACKAGES = ['core', 'ws', 'react'] as const;
const REACT_EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];

/** The budget: what the measured app may add to a React app, gzip (1 KB = 1024 bytes). */
export const BUNDLE_BUDGET_GZIP_BYTES = 20 * 1024;

/** What the measured app imports: every export of `@recall/react` plus the WebSocket client. */
export const APP_ENTRY = [
  "import * as recallReact from '@recall/react';",
  "import { createRecallClient } from '@recall/ws';",
  'console.log(recallReact, createRecallClient);',
].join('\n');

/** One measured bundle. */
export interface BundleFigure {
  bundler: 'esbuild' | 'vite';
  /** Minified bytes of every JavaScript file the bundler wrote. */
  minifiedBytes: number;
  /** The same files, each gzipped (level 9), summed. */
  gzipBytes: number;
  /** Whether any zod code reached the output. */
  containsZod: boolean;
}

/** A packed app: a temporary directory with the tarballs installed. */
export interface PackedApp {
  directory: string;
  dispose(): void;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Packs the built packages (run `npm run build` first) and installs the tarballs into a new
 * app directory under the system's temporary directory.
 */
export function createPackedApp(): PackedApp {
  const directory = mkdtempSync(join(tmpdir(), 'recall-packed-app-'));
  const tarballs = join(directory, 'tarballs');
  mkdirSync(tarballs);
  const dependencies: Record<string, string> = {};
  for (const name of PACKAGES) {
    const packageDirectory = join(root, 'packages', name);
    if (!existsSync(join(packageDirectory, 'dist'))) {
      throw new Error(`packages/${name}/dist is missing: run \`npm run build\` first.`);
    }
    const output = run(
      'npm',
      ['pack', '--silent', '--pack-destination', tarballs],
      packageDirectory,
    );
    const file = output.trim().split('\n').at(-1) ?? '';
    dependencies[`@recall/${name}`] = `file:${join(tarballs, file)}`;
  }
  const reactVersion = JSON.parse(
    readFileSync(join(root, 'node_modules', 'react', 'package.json'), 'utf8'),
  ).version as string;
  dependencies.react = reactVersion;
  dependencies['react-dom'] = reactVersion;
  writeFileSync(
    join(directory, 'package.json'),
    JSON.stringify(
      { name: 'recall-packed-app', private: true, type: 'module', dependencies },
      null,
      2,
    ),
  );
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--no-package-lock',
      '--ignore-scripts',
    ],
    directory,
  );
  return { directory, dispose: () => rmSync(directory, { recursive: true, force: true }) };
}

function figure(
  bundler: BundleFigure['bundler'],
  files: readonly Uint8Array[],
  text: string,
): BundleFigure {
  return {
    bundler,
    minifiedBytes: files.reduce((sum, file) => sum + file.byteLength, 0),
    gzipBytes: files.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).byteLength, 0),
    // zod's error class names survive minification.
    containsZod: /\$ZodError|ZodError|zod\/v4/.test(text),
  };
}

/** Bundles {@link APP_ENTRY} with esbuild, as a browser app build would. */
export async function bundleWithEsbuild(app: PackedApp): Promise<BundleFigure> {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: APP_ENTRY, resolveDir: app.directory, loader: 'js' },
    absWorkingDir: app.directory,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: REACT_EXTERNALS,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const files = result.outputFiles.filter(
    (file) => file.path.endsWith('.js') || file.path === '<stdout>',
  );
  return figure(
    'esbuild',
    files.map((file) => file.contents),
    files.map((file) => file.text).join('\n'),
  );
}

/** Builds {@link APP_ENTRY} with `vite build` (production mode), as a Vite app would. */
export async function bundleWithVite(app: PackedApp): Promise<BundleFigure> {
  const { build } = await import('vite');
  writeFileSync(join(app.directory, 'main.js'), `${APP_ENTRY}\n`);
  const outDir = join(app.directory, 'dist');
  await build({
    root: app.directory,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      modulePreload: false,
      rolldownOptions: { input: join(app.directory, 'main.js'), external: REACT_EXTERNALS },
    },
  });
  const files = listFiles(outDir).filter((file) => file.endsWith('.js'));
  const contents = files.map((file) => readFileSync(file));
  return figure('vite', contents, contents.map((content) => content.toString('utf8')).join('\n'));
}

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

export interface MeasureOptions {
  /** Run `npm run build` first (turbo skips packages whose sources did not change). */
  build?: boolean;
}

/** Packs, installs and measures with both bundlers; removes the app afterwards. */
export async function measurePackedBundles(options: MeasureOptions = {}): Promise<BundleFigure[]> {
  if (options.build)
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
  const app = createPackedApp();
  try {
    return [await bundleWithEsbuild(app), await bundleWithVite(app)];
  } finally {
    app.dispose();
  }
}

/** `12.3 KB` (1 KB = 1024 bytes). */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
