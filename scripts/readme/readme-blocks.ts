// The generated parts of the READMEs, between `<!-- name:start -->` and `<!-- name:end -->`:
// the error-code and close-code tables and one API table per package. One renderer per block,
// shared by the root README and the package READMEs (which must stand alone on npm).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  renderCloseCodeTable,
  renderErrorCodeTable,
} from '../../packages/ws/src/protocol/markdown-tables';
import { type PackageApi, readPackageApis, renderApiTable } from './api-table';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Each README with generated blocks, and the blocks it must have. */
export const README_BLOCKS: Record<string, readonly string[]> = {
  'README.md': [
    'api:@recall/core',
    'api:@recall/ws',
    'api:@recall/react',
    'error-codes',
    'close-codes',
  ],
  'packages/core/README.md': ['api:@recall/core', 'error-codes'],
  'packages/ws/README.md': ['api:@recall/ws', 'error-codes', 'close-codes'],
  'packages/react/README.md': ['api:@recall/react'],
};

/** Every block's content, rendered from the code. */
export function renderBlocks(apis: PackageApi[] = readPackageApis()): Map<string, string> {
  const blocks = new Map<string, string>([
    ['error-codes', renderErrorCodeTable()],
    ['close-codes', renderCloseCodeTable()],
  ]);
  for (const api of apis) blocks.set(`api:${api.name}`, renderApiBlock(api));
  return blocks;
}

/**
 * `text` with every generated block replaced. Throws when a block `path` must have is missing
 * or a marker names no known block.
 */
export function updateBlocks(path: string, text: string, blocks: Map<string, string>): string {
  const required = README_BLOCKS[path] ?? [];
  for (const name of required) {
    if (!text.includes(`<!-- ${name}:start -->`)) {
      throw new Error(`${path} has no <!-- ${name}:start --> … <!-- ${name}:end --> block.`);
    }
  }
  return text.replace(
    /(<!-- ([\w:@/-]+):start -->\n)[\s\S]*?(<!-- \2:end -->)/g,
    (_match, start: string, name: string, end: string) => {
      const content = blocks.get(name);
      if (content === undefined) throw new Error(`${path}: unknown generated block "${name}".`);
      return `${start}${content}\n${end}`;
    },
  );
}

/** The README at `path` (relative to the repository root) as it is and as it should be. */
export function readReadme(path: string, blocks: Map<string, string>) {
  const current = readFileSync(join(REPO_ROOT, path), 'utf8');
  return { current, expected: updateBlocks(path, current, blocks) };
}

export const REPO_ROOT_PATH = REPO_ROOT;

function renderApiBlock(api: PackageApi): string {
  const entries = new Set(api.exports.map((item) => item.entry)).size;
  return [
    '<details>',
    `<summary>Every export of <code>${api.name}</code>: ${api.exports.length} names from ${entries} ${entries === 1 ? 'entry' : 'entries'}, one line each</summary>`,
    '',
    renderApiTable(api),
    '',
    '</details>',
  ].join('\n');
}
