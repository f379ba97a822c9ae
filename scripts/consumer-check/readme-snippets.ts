// The TypeScript snippets of the READMEs, as the consumer check typechecks and runs them.
// Every ```ts and ```tsx block is checked as its own module. An HTML comment on the line right
// above a block adjusts that:
//   <!-- readme-check: declare const app: RequestListener; -->   what the snippet assumes
//   <!-- readme-check: run server; declare … -->                 also run, as (part of) the server
//   <!-- readme-check: skip: why -->                             not checked, with a reason
import ts from 'typescript';

/** One code block of a README. */
export interface ReadmeSnippet {
  /** The README it comes from, relative to the repository root. */
  readme: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: 'ts' | 'tsx';
  code: string;
  /** TypeScript declarations the snippet assumes (`declare const app: …;`). */
  declarations: string;
  /** True when the block is part of the server the check runs. */
  runsAsServer: boolean;
  /** Why the block is not checked, or null. */
  skip: string | null;
}

const DIRECTIVE = /^<!--\s*readme-check:\s*([\s\S]*?)\s*-->$/;

/** Every ts/tsx block of `markdown`, with its directive. */
export function extractSnippets(readme: string, markdown: string): ReadmeSnippet[] {
  const lines = markdown.split('\n');
  const snippets: ReadmeSnippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^```(\w+)\s*$/.exec(lines[index] ?? '');
    if (fence === null) continue;
    const close = lines.findIndex((line, at) => at > index && line.startsWith('```'));
    if (close === -1) throw new Error(`${readme}:${index + 1}: a code block is never closed.`);
    const language = fence[1];
    const body = lines.slice(index + 1, close).join('\n');
    const start = index;
    index = close;
    if (language !== 'ts' && language !== 'tsx') continue;
    const directive = parseDirective(readme, start, lines[start - 1] ?? '');
    snippets.push({ readme, line: start + 1, language, code: body, ...directive });
  }
  return snippets;
}

function parseDirective(readme: string, fenceIndex: number, line: string) {
  const match = DIRECTIVE.exec(line.trim());
  const none = { declarations: '', runsAsServer: false, skip: null };
  if (match === null) return none;
  let rest = match[1] ?? '';
  const skip = /^skip:\s*(.+)$/.exec(rest);
  if (skip) return { ...none, skip: skip[1] ?? '' };
  let runsAsServer = false;
  if (/^run server\s*;/.test(rest)) {
    runsAsServer = true;
    rest = rest.replace(/^run server\s*;\s*/, '');
  }
  if (rest !== '' && !rest.startsWith('declare ')) {
    throw new Error(
      `${readme}:${fenceIndex}: a readme-check comment holds "run server;", "skip: why" or declarations; got "${rest}".`,
    );
  }
  return { declarations: rest, runsAsServer, skip: null };
}

/** The one `npm install @recall/…` line of a README: what a host app runs. */
export function findInstallCommand(readme: string, markdown: string): string[] {
  const lines = markdown.split('\n').filter((line) => /^npm install @recall\//.test(line.trim()));
  if (lines.length !== 1) {
    throw new Error(
      `${readme} must have exactly one line starting with "npm install @recall/" (the install line a host app runs); it has ${lines.length}.`,
    );
  }
  return (lines[0] ?? '').trim().split(/\s+/).slice(2);
}

/** The npm package a bare import specifier belongs to (`@scope/name/sub` → `@scope/name`). */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('/')) {
    return null;
  }
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/** The module specifiers a snippet imports. */
export function importsOf(code: string): string[] {
  const source = ts.createSourceFile('snippet.tsx', code, ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/**
 * The server snippets as one module, the way an app puts them in one file: the imports of all
 * of them merged at the top (one declaration per module, each name once), then their bodies in
 * order, then an export of every top-level name so the check can find what they built.
 */
export function combineServerSnippets(snippets: readonly ReadmeSnippet[]): string {
  const imports = new Map<string, { defaultName?: string; names: Map<string, string> }>();
  const bodies: string[] = [];
  const topLevel: string[] = [];
  for (const snippet of snippets) {
    const source = ts.createSourceFile('s.ts', snippet.code, ts.ScriptTarget.Latest, true);
    const body: string[] = [];
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement)) {
        mergeImport(imports, statement, snippet);
        continue;
      }
      body.push(statement.getFullText(source));
      topLevel.push(...declaredNames(statement));
    }
    bodies.push(`// ${snippet.readme}:${snippet.line}\n${body.join('').trim()}`);
  }
  const importLines = [...imports].map(([specifier, { defaultName, names }]) => {
    const named = [...names.values()];
    const clause = [defaultName, named.length > 0 ? `{ ${named.join(', ')} }` : undefined]
      .filter(Boolean)
      .join(', ');
    return clause === '' ? `import '${specifier}';` : `import ${clause} from '${specifier}';`;
  });
  return [...importLines, '', ...bodies, '', `export { ${topLevel.join(', ')} };`, ''].join('\n');
}

/**
 * The names the server snippets declare but none of them defines: what the host app provides
 * (`app`, `verifySessionCookie`), for which the check runs stand-ins.
 */
export function hostAppNames(snippets: readonly ReadmeSnippet[]): string[] {
  const declared = new Set<string>();
  const defined = new Set<string>();
  for (const snippet of snippets) {
    const declarations = ts.createSourceFile('d.ts', snippet.declarations, ts.ScriptTarget.Latest);
    for (const statement of declarations.statements) {
      for (const name of declaredNames(statement, true)) declared.add(name);
    }
    const code = ts.createSourceFile('s.ts', snippet.code, ts.ScriptTarget.Latest);
    for (const statement of code.statements) {
      for (const name of declaredNames(statement, true)) defined.add(name);
    }
  }
  return [...declared].filter((name) => !defined.has(name));
}

function mergeImport(
  imports: Map<string, { defaultName?: string; names: Map<string, string> }>,
  statement: ts.ImportDeclaration,
  snippet: ReadmeSnippet,
): void {
  const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
  const entry = imports.get(specifier) ?? { names: new Map<string, string>() };
  imports.set(specifier, entry);
  const clause = statement.importClause;
  if (clause === undefined) return;
  if (clause.name) entry.defaultName = clause.name.text;
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) {
    throw new Error(`${snippet.readme}:${snippet.line}: namespace imports cannot be merged.`);
  }
  for (const element of bindings?.elements ?? []) {
    const local = element.name.text;
    const imported = element.propertyName?.text;
    const typeOnly = clause.isTypeOnly || element.isTypeOnly;
    const text = `${typeOnly ? 'type ' : ''}${imported ? `${imported} as ` : ''}${local}`;
    // A name imported as a value anywhere is a value import.
    if (!entry.names.has(local) || !text.startsWith('type ')) entry.names.set(local, text);
  }
}

function declaredNames(statement: ts.Statement, includeExported = false): string[] {
  const exported = ts.canHaveModifiers(statement)
    ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    : false;
  if (exported && !includeExported) return [];
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
    );
  }
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
    return [statement.name.text];
  }
  return [];
}

/** The names a snippet exports itself (`export function seed`, `export const x`). */
export function exportedNames(code: string): string[] {
  const source = ts.createSourceFile('s.tsx', code, ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    const exported = ts.canHaveModifiers(statement)
      ? ts
          .getModifiers(statement)
          ?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    return exported ? declaredNames(statement, true) : [];
  });
}

/**
 * A snippet as the check runs it on its own: the code, minus stylesheet imports (a bundler
 * handles those; Node cannot load CSS), plus an export of every top-level name it does not
 * export itself, so the runner can reach what it built (a client, a model adapter).
 */
export function runnableSource(snippet: ReadmeSnippet): string {
  const source = ts.createSourceFile('s.tsx', snippet.code, ts.ScriptTarget.Latest, true);
  const kept: string[] = [];
  const topLevel: string[] = [];
  for (const statement of source.statements) {
    const text = statement.getFullText(source);
    if (
      ts.isImportDeclaration(statement) &&
      statement.importClause === undefined &&
      /\.css$/.test((statement.moduleSpecifier as ts.StringLiteral).text)
    ) {
      continue;
    }
    kept.push(text);
    topLevel.push(...declaredNames(statement));
  }
  const exports = topLevel.length > 0 ? `\nexport { ${topLevel.join(', ')} };` : '';
  return `${kept.join('').trim()}\n${exports}\n`;
}
