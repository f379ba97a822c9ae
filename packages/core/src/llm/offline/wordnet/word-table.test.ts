import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { distillTable } from '../../../../../../scripts/wordnet/distill-table';
import { readWordNet, wordNetDirectory } from '../../../../../../scripts/wordnet/read-wordnet';
import { renderTableModule } from '../../../../../../scripts/wordnet/table-module';
import { stem } from '../../../text/lexical';
import { loadWordTable } from './load-word-table';

const directory = import.meta.dirname;
// "At most 2 MB", read as decimal megabytes.
const MAX_TABLE_BYTES = 2_000_000;

describe('the WordNet word table', () => {
  test('is at most 2 MB and ships with the Princeton WordNet notice beside it and inside it', () => {
    const module = readFileSync(join(directory, 'wordnet-table.ts'), 'utf8');
    expect(statSync(join(directory, 'wordnet-table.ts')).size).toBeLessThanOrEqual(MAX_TABLE_BYTES);
    const notice = readFileSync(join(directory, 'WORDNET-LICENSE'), 'utf8');
    expect(notice).toContain('Copyright 2006 by Princeton University');
    expect(module).toContain('Copyright 2006 by Princeton University');
    expect(module.startsWith('/*!')).toBe(true);
    expect(module).toContain('export const WORDNET_NOTICE');
  });

  test('is current: distilling WordNet again gives the committed bytes', () => {
    const notice = readFileSync(join(wordNetDirectory(), '..', 'LICENSE'), 'utf8');
    const expected = renderTableModule(distillTable(readWordNet()), notice);
    expect(readFileSync(join(directory, 'wordnet-table.ts'), 'utf8') === expected).toBe(true);
    expect(readFileSync(join(directory, 'WORDNET-LICENSE'), 'utf8')).toBe(notice);
  }, 60_000);

  test('knows synonyms, derived forms, broader terms and antonyms by stem', async () => {
    const table = await loadWordTable();
    expect(table).not.toBeNull();
    const s = (word: string) => stem(word);
    expect(table!.sameMeaning(s('car'), s('automobile'))).toBe(true);
    expect(table!.broaderOrNarrower(s('heat'), s('energy'))).toBe(true);
    expect(table!.antonym(s('increase'), s('decrease'))).toBe(true);
    expect(table!.sameMeaning(s('increase'), s('decrease'))).toBe(false);
    expect(table!.sameMeaning(s('oxygen'), s('carbon'))).toBe(false);
  });

  test('knows definition words, phrases, adjectives of a noun and looser kin', async () => {
    const table = await loadWordTable();
    const s = (word: string) => stem(word);
    expect(table!.gloss(s('nectar'))).toEqual(expect.arrayContaining([s('sweet'), s('liquid')]));
    expect(table!.has('larg_intestin')).toBe(true);
    expect(table!.broaderOrNarrower('larg_intestin', s('colon'))).toBe(true);
    expect(table!.akin(s('wet'), s('damp'))).toBe(true);
    expect(table!.sameMeaning(s('roman'), s('rome'))).toBe(true);
    expect(table!.akin(s('emit'), s('absorb'))).toBe(false);
    expect(table!.akin(s('increase'), s('decrease'))).toBe(false);
    expect(table!.broader(s('heat')).length).toBeGreaterThan(0);
  });
});
