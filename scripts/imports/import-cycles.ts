// Finds import cycles among the relative imports of a source folder (type-only imports
// included: a cycle of types is still two files that cannot be read apart).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The source files a file imports relatively, resolved to paths that exist. */
export function relativeImports(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const base = resolve(dirname(file), (match[1] as string).replace(/\.js$/, ''));
    const target = [base, ...EXTENSIONS.map((extension) => base + extension)].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    if (target !== undefined && !found.includes(target)) found.push(target);
  }
  return found;
}

/**
 * Every import cycle among the non-test source files under `folder`, each as the files on it
 * (relative to `folder`), starting from its first file in path order. Empty when there is none.
 */
export function importCycles(folder: string): string[][] {
  const root = resolve(folder);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test(-d)?\.tsx?$/.test(path))
    .map((path) => join(root, path))
    .sort();
  const edges = new Map(
    files.map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))]),
  );
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): void => {
    const open = path.indexOf(file);
    if (open !== -1) {
      cycles.push(path.slice(open).map((step) => relative(root, step)));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of edges.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of files) visit(file);
  return cycles;
}
