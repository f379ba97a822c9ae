// Finds names that TSDoc `@example` blocks call but no package source exports: an example
// that calls a removed or renamed function is wrong documentation, caught here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One `@example` block of a source file. */
export interface ExampleBlock {
  file: string;
  code: string;
}

/** A name an example calls that nothing declares. */
export interface StaleCall {
  file: string;
  name: string;
}

const KEYWORDS = new Set(
  'if for while switch catch return typeof await function new import export async yield super this void delete in of do'.split(
    ' ',
  ),
);

/** Every `.ts` / `.tsx` source file under `folder`, tests excluded. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test(-d)?\.tsx?$/.test(path))
    .map((path) => join(folder, path));
}

/** The `@example` blocks of a source text, with the leading ` * ` of each line removed. */
export function exampleBlocks(file: string, text: string): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  for (const comment of text.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
    const lines = comment.split('\n').map((line) => line.replace(/^\s*\*( |\/)?/, ''));
    let code: string[] | undefined;
    for (const line of lines) {
      if (/^@example\b/.test(line)) {
        if (code !== undefined) blocks.push({ file, code: code.join('\n') });
        code = [line.replace(/^@example\b/, '')];
      } else if (/^@\w/.test(line) && code !== undefined) {
        blocks.push({ file, code: code.join('\n') });
        code = undefined;
      } else code?.push(line);
    }
    if (code !== undefined) blocks.push({ file, code: code.join('\n') });
  }
  return blocks;
}

/** Names a source text exports, by declaration or in an export list. */
export function exportedNames(text: string): string[] {
  const names: string[] = [];
  const declaration =
    /export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+(\w+)/g;
  for (const match of text.matchAll(declaration)) names.push(match[1] as string);
  for (const match of text.matchAll(/export\s+\*\s+as\s+(\w+)/g)) names.push(match[1] as string);
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (match[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, '');
      if (name) names.push(name);
    }
  }
  return names;
}

/** Names an example calls (`name(`, `new Name(`, `<Name`), outside property accesses. */
export function calledNames(code: string): string[] {
  const withoutStrings = code
    .replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, '""')
    .replace(/\/\/.*$/gm, '');
  const names = new Set<string>();
  for (const match of withoutStrings.matchAll(
    /(?<![.\w$])([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\(/g,
  )) {
    names.add(match[1] as string);
  }
  for (const match of withoutStrings.matchAll(/<([A-Z][\w$]*)/g)) names.add(match[1] as string);
  return [...names].filter((name) => !KEYWORDS.has(name));
}

/** Names an example binds itself: declarations, methods, destructured names and parameters. */
export function boundNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const match of code.matchAll(/(\w+)\s*\([^)]*\)\s*\{/g)) names.add(match[1] as string);
  for (const match of code.matchAll(/\b(?:const|let|var|function|class)\s+(\w+)/g)) {
    names.add(match[1] as string);
  }
  const patterns =
    /(?:\b(?:const|let|var)\s*[{[]([^}\]]*)[}\]]|\(([^()]*)\)\s*(?::[^=]*)?=>|(\w+)\s*=>)/g;
  for (const match of code.matchAll(patterns)) {
    const list = match[1] ?? match[2] ?? match[3] ?? '';
    for (const word of list.match(/[A-Za-z_$][\w$]*/g) ?? []) names.add(word);
  }
  return names;
}

/** A source file and its text. */
export interface SourceText {
  file: string;
  text: string;
}

/**
 * The calls of every `@example` in `sources` whose name is neither bound in the example, a
 * JavaScript global, one of `allowed` (the reader's own or another library's), nor exported by
 * any of `sources`.
 */
export function staleCallsIn(
  sources: readonly SourceText[],
  allowed: ReadonlySet<string>,
): StaleCall[] {
  const known = new Set(sources.flatMap(({ text }) => exportedNames(text)));
  const stale: StaleCall[] = [];
  for (const { file, text } of sources) {
    for (const block of exampleBlocks(file, text)) {
      const bound = boundNames(block.code);
      for (const name of calledNames(block.code)) {
        if (bound.has(name) || known.has(name) || allowed.has(name) || name in globalThis) continue;
        stale.push({ file, name });
      }
    }
  }
  return stale;
}

/** {@link staleCallsIn} over every source file under `folders`. */
export function staleExampleCalls(
  folders: readonly string[],
  allowed: ReadonlySet<string>,
): StaleCall[] {
  const sources = folders
    .flatMap(sourceFiles)
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  return staleCallsIn(sources, allowed);
}
