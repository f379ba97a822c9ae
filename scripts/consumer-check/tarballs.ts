// Packs the published packages as `npm publish` would, and checks what each tarball holds:
// the license, sources once (maps without embedded sources, pointing at files that ship), and
// a file behind every target of the `exports` map, the `@recall/source` condition included.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PUBLISHED_PACKAGES } from '../readme/api-table';
import { runOrThrow, userEnvironment } from '../lib/run';

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
  for (const map of filesUnder(root).filter((file) => file.endsWith('.map'))) {
    const content = JSON.parse(readFileSync(map, 'utf8')) as {
      sources?: string[];
      sourcesContent?: (string | null)[];
    };
    const relative = map.slice(root.length + 1);
    if (content.sourcesContent?.some((source) => source !== null)) {
      problems.push(`${relative} embeds its sources, which ship in src/ too`);
    }
    for (const source of content.sources ?? []) {
      const path = resolve(dirname(map), source);
      if (!existsSync(path)) problems.push(`${relative} points at ${source}, which it lacks`);
    }
  }
  return problems;
}

function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('./') ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(exportTargets);
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
