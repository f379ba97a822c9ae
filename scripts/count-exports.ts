// Counts the public names of every package entry (runtime values and all names, types
// included), from the TypeScript sources. Usage: npx tsx scripts/count-exports.ts [--json]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const packages = ['core', 'ws', 'react'];

interface EntryCount {
  entry: string;
  values: number;
  names: number;
  valueNames: string[];
  allNames: string[];
}

function entriesOf(packageDirectory: string): Array<[string, string]> {
  const manifest = JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8'));
  const entries: Array<[string, string]> = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const source = (target as Record<string, unknown>)?.['@recall/source'];
    if (typeof source === 'string') entries.push([`${manifest.name}${subpath.slice(1)}`, source]);
  }
  return entries;
}

const files: Array<[string, string]> = packages.flatMap((name) => {
  const directory = join(root, 'packages', name);
  return entriesOf(directory).map(
    ([entry, source]) => [entry, join(directory, source)] as [string, string],
  );
});
const program = ts.createProgram(
  files.map(([, file]) => file),
  {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['@recall/source'],
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    baseUrl: dirname(root),
  },
);
const checker = program.getTypeChecker();
const counts: EntryCount[] = files.map(([entry, file]) => {
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  const exports = symbol ? checker.getExportsOfModule(symbol) : [];
  const valueNames = exports
    .filter((exported) => {
      const target =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      return (target.flags & ts.SymbolFlags.Value) !== 0 && !isTypeOnlyExport(exported);
    })
    .map((exported) => exported.name)
    .sort();
  return {
    entry,
    values: valueNames.length,
    names: exports.length,
    valueNames,
    allNames: exports.map((exported) => exported.name).sort(),
  };
});

function isTypeOnlyExport(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some(
    (declaration) =>
      (ts.isExportSpecifier(declaration) &&
        (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)) ||
      (ts.isNamespaceExport(declaration) && declaration.parent.isTypeOnly),
  );
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(counts, null, 2));
} else {
  console.log('| entry | runtime values | names (with types) |\n|---|---:|---:|');
  for (const { entry, values, names } of counts)
    console.log(`| \`${entry}\` | ${values} | ${names} |`);
}
