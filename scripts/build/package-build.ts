// The build shared by the published packages (each package's tsup.config.ts calls it).
//
// Both formats keep the module boundaries of `src`: every module reachable from a public entry
// is written as its own file under `dist` (`.js` for ESM, `.cjs` for CommonJS) and imports the
// others by relative path. With `"sideEffects": false` an app's bundler then drops whole
// modules the app never reaches (the zod catalog, parsers, the engine) instead of having to
// prove, statement by statement, that a bundled file's top-level calls are unused; and under
// `require()` every entry shares one copy of each module (one `RecallError` class, one zod
// catalog) instead of a bundle per entry. Declarations are rolled up per public entry.
//
// No source maps and no `src/` ship: the output is unminified and keeps the sources' files and
// names, so a stack trace already points at readable code, and a consumer downloads each module
// once per format and nothing else.
//
// A large data module reached only through `import()` (the offline model's WordNet table) can
// ship once: `esmOnly` writes it as ESM alone, and the CommonJS files load that `.js` file
// through a native `import()`, which CommonJS keeps for an external specifier. Browsers and
// bundlers still see a dynamic import, so the table stays a lazy chunk.
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
  /** Where the output goes (tsup's `--out-dir`, as a test builds elsewhere). @default 'dist' */
  outDir?: string | undefined;
  /**
   * Source modules (relative to `directory`) written once, as ESM only. Every import of them
   * must be a dynamic `import()`: the build fails on a static import or a `require`.
   * @default []
   */
  esmOnly?: readonly string[];
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
function preserveModules(extension: '.js' | '.cjs', esmOnly: ReadonlySet<string>): Plugin {
  return {
    name: 'recall-preserve-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\.?(\/|$)/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = resolve(args.resolveDir, args.path);
        const source = findSource(target);
        if (!source) return undefined;
        const once = esmOnly.has(source);
        if (once && args.kind !== 'dynamic-import') {
          throw new Error(
            `${relative(process.cwd(), args.importer)} imports ${args.path} statically; it ships as ESM only (esmOnly), so only import() may load it.`,
          );
        }
        const written = once ? '.js' : extension;
        let specifier = relative(dirname(args.importer), source).replace(/\.tsx?$/, written);
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
  outDir = 'dist',
  esmOnly = [],
}: PackageBuildOptions): Options[] {
  // Cleaned here, once, because tsup builds the two configurations in parallel.
  rmSync(resolve(directory, outDir), { recursive: true, force: true });
  const common: Options = {
    sourcemap: false,
    target: 'es2022',
    clean: false,
    ...shared,
  };
  const modules = reachableModules(directory, entries);
  const once = new Set(esmOnly.map((path) => resolve(directory, path)));
  for (const path of esmOnly) {
    if (!modules.includes(path)) throw new Error(`esmOnly names ${path}, which no entry reaches.`);
  }
  const commonJsModules = modules.filter((path) => !once.has(resolve(directory, path)));
  const underSource = (options: BuildOptions): void => {
    options.outbase = 'src';
  };
  return [
    {
      ...common,
      entry: modules,
      format: ['esm'],
      dts: { entry: entries },
      esbuildPlugins: [preserveModules('.js', once)],
      esbuildOptions: underSource,
    },
    {
      ...common,
      entry: commonJsModules,
      format: ['cjs'],
      dts: { entry: entries },
      esbuildPlugins: [preserveModules('.cjs', once)],
      esbuildOptions: underSource,
    },
  ];
}
