// The build shared by the published packages (each package's tsup.config.ts calls it).
//
// ESM keeps the module boundaries of `src`: every module reachable from a public entry is
// written as its own file under `dist` and imports the others by relative path. With
// `"sideEffects": false` an app's bundler then drops whole modules the app never reaches
// (the zod catalog, parsers, the engine) instead of having to prove, statement by statement,
// that a bundled file's top-level calls are unused. CJS (Node's `require`) stays one bundle per
// public entry. Declarations are rolled up per public entry for both formats.
import { existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { type BuildOptions, buildSync, type Plugin } from 'esbuild';
import type { Options } from 'tsup';

const SOURCE_EXTENSIONS = ['.ts', '.tsx'];

/** Public entries: the output name under `dist` (without extension) → the source file. */
export type PublicEntries = Record<string, string>;

export interface PackageBuildOptions {
  /** The package directory (the tsup config's own directory). */
  directory: string;
  entries: PublicEntries;
  /** Extra tsup options applied to both formats (externals, banner). */
  shared?: Options;
}

/** Every source module a public entry reaches, relative to the package directory. */
function reachableModules(directory: string, entries: PublicEntries): string[] {
  const result = buildSync({
    absWorkingDir: directory,
    entryPoints: Object.values(entries),
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'neutral',
    format: 'esm',
    jsx: 'automatic',
    outdir: 'out',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs)
    .filter((input) => input.startsWith('src/') && !input.endsWith('.json'))
    .sort();
}

/**
 * Leaves every relative import external and points it at the sibling output file, so each
 * source module becomes exactly one output module.
 */
function preserveModules(): Plugin {
  return {
    name: 'recall-preserve-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\.?(\/|$)/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = resolve(args.resolveDir, args.path);
        const source = findSource(target);
        if (!source) return undefined;
        let specifier = relative(dirname(args.importer), source).replace(/\.tsx?$/, '.js');
        if (!specifier.startsWith('.')) specifier = `./${specifier}`;
        return { path: specifier, external: true };
      });
    },
  };
}

function findSource(target: string): string | undefined {
  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
  if (isFile(target)) return target;
  for (const extension of SOURCE_EXTENSIONS) {
    if (isFile(`${target}${extension}`)) return `${target}${extension}`;
  }
  for (const extension of SOURCE_EXTENSIONS) {
    const index = join(target, `index${extension}`);
    if (isFile(index)) return index;
  }
  return undefined;
}

/** The two tsup configurations of a published package. */
export function definePackageBuild({
  directory,
  entries,
  shared = {},
}: PackageBuildOptions): Options[] {
  // Cleaned here, once, because tsup builds the two configurations in parallel.
  rmSync(join(directory, 'dist'), { recursive: true, force: true });
  const common: Options = {
    sourcemap: true,
    target: 'es2022',
    clean: false,
    ...shared,
  };
  // The maps point at the shipped `src/` instead of embedding it: each source ships once.
  const withoutEmbeddedSources = (options: BuildOptions): void => {
    options.sourcesContent = false;
  };
  return [
    {
      ...common,
      entry: reachableModules(directory, entries),
      format: ['esm'],
      dts: { entry: entries },
      esbuildPlugins: [preserveModules()],
      esbuildOptions(options) {
        withoutEmbeddedSources(options);
        options.outbase = 'src';
      },
    },
    {
      ...common,
      entry: entries,
      format: ['cjs'],
      dts: true,
      esbuildOptions: withoutEmbeddedSources,
    },
  ];
}
