// Packs the published packages as `npm publish` would, and checks what each tarball holds:
// the license, no sources or maps (dist only), every doc the README names, CHANGELOG.md in
// `files`, and a file behind every target of the `exports` map.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLISHED_PACKAGES } from '../readme/api-table';
import { runOrThrow, userEnvironment } from '../lib/run';
import { docsNamedBy } from '../package-files.mjs';

/** One packed package. */
export interface Tarball {
  name: string;
  file: string;
  packedBytes: number;
  unpackedBytes: number;
  /** The unpacked `package/` directory. */
  directory: string;
  manifest: {
    name: string;
    exports: Record<string, unknown>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    files?: string[];
  };
}

/** `npm pack` for every published package into `destination`, then unpacks each to inspect. */
export async function packPackages(repoRoot: string, destination: string): Promise<Tarball[]> {
  mkdirSync(destination, { recursive: true });
  const tarballs: Tarball[] = [];
  for (const directory of PUBLISHED_PACKAGES) {
    const cwd = join(repoRoot, directory);
    if (!existsSync(join(cwd, 'dist'))) {
      throw new Error(`${directory}/dist is missing: run \`npm run build\` first.`);
    }
    const result = await runOrThrow('npm', ['pack', '--json', '--pack-destination', destination], {
      cwd,
      env: userEnvironment(),
    });
    const [packed] = JSON.parse(result.output.slice(result.output.indexOf('['))) as {
      name: string;
      filename: string;
      size: number;
    }[];
    if (packed === undefined) throw new Error(`npm pack printed nothing for ${directory}.`);
    const file = join(destination, packed.filename);
    const unpacked = join(destination, packed.filename.replace(/\.tgz$/, ''));
    mkdirSync(unpacked, { recursive: true });
    await runOrThrow('tar', ['-xzf', file, '-C', unpacked], { cwd: destination });
    const root = join(unpacked, 'package');
    tarballs.push({
      name: packed.name,
      file,
      packedBytes: packed.size,
      unpackedBytes: sizeOf(root),
      directory: root,
      manifest: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Tarball['manifest'],
    });
  }
  return tarballs;
}

/** What is wrong with a tarball's contents; empty when nothing is. */
export function tarballProblems(tarball: Tarball): string[] {
  const problems: string[] = [];
  const root = tarball.directory;
  if (!existsSync(join(root, 'LICENSE'))) problems.push('no LICENSE');
  for (const target of exportTargets(tarball.manifest.exports)) {
    if (!existsSync(join(root, target))) problems.push(`exports names ${target}, which it lacks`);
  }
  const files = filesUnder(root).map((file) => file.slice(root.length + 1));
  // Each module ships once per format, and nothing else of the sources.
  for (const file of files.filter((name) => name.startsWith('src/') || name.endsWith('.map'))) {
    problems.push(`${file} ships, but only dist/ should (no sources, no source maps)`);
  }
  // Someone with only the installed package can read every doc its README names.
  const readme = existsSync(join(root, 'README.md'))
    ? readFileSync(join(root, 'README.md'), 'utf8')
    : '';
  for (const name of docsNamedBy(readme)) {
    if (!files.includes(`docs/${name}`))
      problems.push(`README.md names docs/${name}, which it lacks`);
  }
  if (!tarball.manifest.files?.includes('CHANGELOG.md')) {
    problems.push('`files` leaves out CHANGELOG.md, which changesets writes at release');
  }
  return problems;
}

/**
 * The files the `exports` map points at, except under `@recall/source`: that condition is the
 * repository's own (tests and typechecks read the TypeScript sources), and its sources do not ship.
 */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('./') ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .filter(([condition]) => condition !== '@recall/source')
    .flatMap(([, target]) => exportTargets(target));
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function sizeOf(directory: string): number {
  return filesUnder(directory).reduce((total, file) => total + statSync(file).size, 0);
}
