// The generated module that carries the word table, with the WordNet notice at its top and as
// an exported string (a build may drop comments, never an export), so the notice travels with
// every copy of the table.
import { join } from 'node:path';

/** Where the table module and the licence notice live. */
export const TABLE_DIRECTORY = join(
  import.meta.dirname,
  '..',
  '..',
  'packages',
  'core',
  'src',
  'llm',
  'offline',
  'wordnet',
);

/** The source of `wordnet-table.ts` for the distilled `table` text. */
export function renderTableModule(table: string, notice: string): string {
  const comment = notice
    .trim()
    .split('\n')
    .map((line) => ` * ${line.trimEnd()}`.trimEnd())
    .join('\n');
  return `/*!
 * Distilled from Princeton WordNet 3.1 by scripts/wordnet/distill.ts (generated: do not edit;
 * run \`npm run wordnet:distill\`). The notice below (also in WORDNET-LICENSE beside this file)
 * must travel with every copy of this table.
 *
${comment}
 */
/** The Princeton WordNet licence notice, kept as code so that no build step can drop it. */
// biome-ignore format: generated
export const WORDNET_NOTICE: string = ${JSON.stringify(notice)};
// biome-ignore format: generated
export const WORDNET_TABLE: string = ${JSON.stringify(table)};
`;
}
