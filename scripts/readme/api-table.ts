// The README's API tables, read from the code: every export of every entry a package's
// `exports` map lists, one line each, with the first sentence of its TSDoc. The entries are
// found through the `@recall/source` condition, so a new subpath or export shows up by itself.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/** One exported name of one entry. */
export interface ApiExport {
  /** The import specifier, e.g. `@recall/core/testing`. */
  entry: string;
  name: string;
  kind: string;
  /** The first sentence of its TSDoc; empty when it has none. */
  summary: string;
}

/** A published package and the exports of each of its entries. */
export interface PackageApi {
  name: string;
  exports: ApiExport[];
}

interface PackageManifest {
  name: string;
  exports: Record<string, string | Record<string, unknown>>;
}

/** The published packages, in the order the README lists them. */
export const PUBLISHED_PACKAGES = ['packages/core', 'packages/ws', 'packages/react'] as const;

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Reads every published package's API from its sources (one TypeScript program for all). */
export function readPackageApis(repoRoot: string = REPO_ROOT): PackageApi[] {
  const packages = PUBLISHED_PACKAGES.map((directory) => {
    const root = join(repoRoot, directory);
    const manifest = JSON.parse(
      readFileSync(join(root, 'package.json'), 'utf8'),
    ) as PackageManifest;
    return { root, manifest, entries: sourceEntries(manifest, root) };
  });
  const program = ts.createProgram({
    rootNames: packages.flatMap(({ entries }) => entries.map((entry) => entry.file)),
    options: compilerOptions(repoRoot),
  });
  const checker = program.getTypeChecker();
  return packages.map(({ manifest, entries }) => ({
    name: manifest.name,
    exports: entries.flatMap((entry) => exportsOf(program, checker, entry)),
  }));
}

/** The markdown table of one package: export, entry, kind and summary, one line each. */
export function renderApiTable(api: PackageApi): string {
  const rows = api.exports.map(
    (item) =>
      `| \`${item.name}\` | \`${item.entry}\` | ${item.kind} | ${escapeCell(item.summary)} |`,
  );
  return ['| export | import from | kind | what it is |', '|---|---|---|---|', ...rows].join('\n');
}

// A subpath whose source an earlier subpath already lists is a deprecated alias (an old name
// kept for a minor release): its exports are listed once, under the current name.
function sourceEntries(manifest: PackageManifest, root: string) {
  const sources = new Set<string>();
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const source = typeof target === 'object' ? target['@recall/source'] : undefined;
    if (typeof source !== 'string' || sources.has(source)) return [];
    sources.add(source);
    const entry = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    return [{ entry, file: join(root, source) }];
  });
}

function compilerOptions(repoRoot: string): ts.CompilerOptions {
  const path = join(repoRoot, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(path, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(path));
  return { ...parsed.options, noEmit: true, types: ['node'] };
}

function exportsOf(
  program: ts.Program,
  checker: ts.TypeChecker,
  entry: { entry: string; file: string },
): ApiExport[] {
  const sourceFile = program.getSourceFile(entry.file);
  const module = sourceFile && checker.getSymbolAtLocation(sourceFile);
  if (!module) throw new Error(`${entry.entry}: no module at ${entry.file}.`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return {
        entry: entry.entry,
        name: symbol.name,
        kind: kindOf(target),
        summary: summaryOf(checker, target),
      };
    })
    .sort((left, right) => left.name.localeCompare(right.name, 'en'));
}

function kindOf(symbol: ts.Symbol): string {
  const declaration = symbol.declarations?.[0];
  if (declaration === undefined) return 'value';
  if (ts.isSourceFile(declaration)) return 'namespace';
  if (ts.isFunctionDeclaration(declaration)) return 'function';
  if (ts.isClassDeclaration(declaration)) return 'class';
  if (ts.isInterfaceDeclaration(declaration)) return 'interface';
  if (ts.isTypeAliasDeclaration(declaration)) return 'type';
  if (ts.isEnumDeclaration(declaration)) return 'enum';
  if (ts.isVariableDeclaration(declaration)) return 'const';
  return 'value';
}

/**
 * The first sentence of the TSDoc. A namespace of compound parts (`Composer`) is summed up by
 * its parts' names and the summary of its `Root`.
 */
function summaryOf(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  const declaration = symbol.declarations?.[0];
  if (declaration !== undefined && ts.isSourceFile(declaration)) {
    const parts = checker.getExportsOfModule(symbol);
    const root = parts.find((part) => part.name === 'Root');
    const rootSummary = root ? summaryOf(checker, checker.getAliasedSymbol(root)) : '';
    const names = parts.map((part) => part.name).join(', ');
    return `Parts: ${names}.${rootSummary ? ` ${rootSummary}` : ''}`;
  }
  return firstSentence(ts.displayPartsToString(symbol.getDocumentationComment(checker)));
}

function firstSentence(text: string): string {
  const paragraph = (text.split(/\n\s*\n/)[0] ?? '')
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)[^}]*\}/g, '`$1`')
    .replace(/\s+/g, ' ')
    .trim();
  // A period ends the sentence only before a space and a capital, a backtick or a parenthesis,
  // and not after "e.g", "i.e" or "etc", so "`a.b`" and "e.g. `x`" stay whole.
  const end = /(?<!\b(?:e\.g|i\.e|etc|vs))[.!?](?=\s+[A-Z`(])/.exec(paragraph);
  return end === null ? paragraph : paragraph.slice(0, end.index + 1);
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
