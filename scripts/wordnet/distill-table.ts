// Distils WordNet into the offline judge's word table: for each common single word (one with
// a sense seen in WordNet's tagged corpus), keyed by the offline stemmer, the words that may
// stand for it in an answer. Kept small on purpose: only a word's most frequent senses, only
// other common words, synonyms only when the shared sense is frequent for both words.
import { isStopWord, normalizeText, stem } from '../../packages/core/src/text/lexical';
import type { IndexEntry, Synset, WordNet } from './read-wordnet';

/** How many of a word's most frequent senses count (rarer senses add noise, not recall). */
const FREQUENT_SENSES = 2;
/** The most narrower terms kept per word (a broad word like "animal" has hundreds). */
const MAX_NARROWER = 8;

/** The most gloss words kept per word (its definitions' first content words). */
const MAX_GLOSS_WORDS = 6;

/**
 * The relation kinds of the table, in the order of its columns. `akin`: looser kin for the
 * paraphrase path (adjectives "similar to" or "also see", verbs a verb entails or causes,
 * synonyms in a word's rarer tagged senses); `gloss`: the content words of the definitions of
 * its most frequent senses ("nectar" → sweet liquid secret flower…).
 */
export const RELATION_KINDS = [
  'synonym',
  'broader',
  'narrower',
  'derived',
  'antonym',
  'akin',
  'gloss',
] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

// A common lemma: one word of letters, or a phrase of two or three ("carbon_dioxide", "give_off").
const COMMON_WORD = /^[a-z]{3,}$|^[a-z]{2,}(?:_[a-z]{2,}){1,2}$/;

/** The table key of a lemma: its words' stems joined by "_" ("red_blood_cell" → "red_blood_cel"). */
export function lemmaKey(lemma: string): string {
  return lemma.split('_').map(stem).join('_');
}

/** The content words of a gloss as stems, in order, without repeats. */
function glossStems(gloss: string, own: string): string[] {
  const stems = normalizeText(gloss)
    .split(' ')
    .filter((word) => word.length >= 3 && !isStopWord(word) && !/^\d+$/.test(word))
    .map(stem)
    .filter((wordStem) => wordStem !== own);
  return [...new Set(stems)];
}

function frequentSenses(entry: IndexEntry): string[] {
  return entry.synsets.slice(0, Math.max(1, Math.min(FREQUENT_SENSES, entry.taggedSenses)));
}

/** Distils `wordNet` into the table's text: one line per stem, columns by {@link RELATION_KINDS}. */
export function distillTable(wordNet: WordNet): string {
  const common = new Map<string, IndexEntry[]>();
  for (const [lemma, entries] of wordNet.index) {
    if (!COMMON_WORD.test(lemma)) continue;
    const tagged = entries.filter((entry) => entry.taggedSenses > 0);
    if (tagged.length > 0) common.set(lemma, tagged);
  }
  // A phrase ("give off") is common too when its first sense is a frequent sense of a common
  // single word ("emit"): the phrase is how people say that word.
  const frequentOfWords = new Set<string>();
  for (const [lemma, entries] of common) {
    if (lemma.includes('_')) continue;
    for (const entry of entries) {
      for (const key of frequentSenses(entry)) frequentOfWords.add(key);
    }
  }
  for (const [lemma, entries] of wordNet.index) {
    if (!lemma.includes('_') || common.has(lemma) || !COMMON_WORD.test(lemma)) continue;
    const first = entries.filter((entry) => frequentOfWords.has(entry.synsets[0]!));
    if (first.length === 0) continue;
    // Only the phrase's first sense counts, as if it had been seen once.
    const senses = first.map((entry) => ({ ...entry, synsets: entry.synsets.slice(0, 1) }));
    common.set(
      lemma,
      senses.map((entry) => ({ ...entry, taggedSenses: 1 })),
    );
  }
  const frequent = new Map<string, Set<string>>();
  for (const [lemma, entries] of common) {
    frequent.set(lemma, new Set(entries.flatMap(frequentSenses)));
  }
  const isCommonIn = (lemma: string, synset: string) => frequent.get(lemma)?.has(synset) ?? false;
  const commonLemmas = (synset: Synset | undefined) =>
    (synset?.lemmas ?? []).filter((lemma) => common.has(lemma));

  const table = new Map<string, Record<RelationKind, Set<string>>>();
  const add = (lemma: string, kind: RelationKind, other: string) => {
    const key = lemmaKey(lemma);
    const target = kind === 'gloss' ? other : lemmaKey(other);
    if (key === target) return;
    let row = table.get(key);
    if (row === undefined) {
      row = {
        synonym: new Set(),
        broader: new Set(),
        narrower: new Set(),
        derived: new Set(),
        antonym: new Set(),
        akin: new Set(),
        gloss: new Set(),
      };
      table.set(key, row);
    }
    row[kind].add(target);
  };

  for (const [lemma, entries] of common) {
    const senses = frequent.get(lemma)!;
    // Synonyms in the word's rarer tagged senses: kin, not the same meaning.
    for (const entry of entries) {
      for (const key of entry.synsets.slice(0, entry.taggedSenses)) {
        if (senses.has(key)) continue;
        for (const other of commonLemmas(wordNet.synsets.get(key))) {
          if (other !== lemma && isCommonIn(other, key)) add(lemma, 'akin', other);
        }
      }
    }
    let glossWords = 0;
    for (const key of senses) {
      for (const word of glossStems(wordNet.synsets.get(key)?.gloss ?? '', lemmaKey(lemma))) {
        if (glossWords >= MAX_GLOSS_WORDS) break;
        add(lemma, 'gloss', word);
        glossWords += 1;
      }
    }
  }
  for (const [lemma, senses] of frequent) {
    for (const key of senses) {
      const synset = wordNet.synsets.get(key);
      if (synset === undefined) continue;
      for (const other of commonLemmas(synset)) {
        if (other !== lemma && isCommonIn(other, key)) add(lemma, 'synonym', other);
      }
      const wordNumber = synset.lemmas.indexOf(lemma) + 1;
      let narrower = 0;
      for (const pointer of synset.pointers) {
        const target = wordNet.synsets.get(pointer.target);
        const lexical = pointer.sourceWord !== 0;
        if (lexical && pointer.sourceWord !== wordNumber) continue;
        const targets = lexical
          ? [target?.lemmas[pointer.targetWord - 1] ?? ''].filter((word) => common.has(word))
          : commonLemmas(target);
        switch (pointer.symbol) {
          case '@':
          case '@i':
            for (const other of targets)
              if (isCommonIn(other, pointer.target)) add(lemma, 'broader', other);
            break;
          case '~':
          case '~i':
            for (const other of targets) {
              if (narrower >= MAX_NARROWER || !isCommonIn(other, pointer.target)) continue;
              add(lemma, 'narrower', other);
              narrower += 1;
            }
            break;
          case '+':
          case '\\':
            for (const other of targets) add(lemma, 'derived', other);
            break;
          case '&':
          case '^':
          case '*':
          case '>':
            for (const other of targets) add(lemma, 'akin', other);
            break;
          case '!':
            for (const other of targets) add(lemma, 'antonym', other);
            break;
          default:
            break;
        }
      }
    }
  }
  // The parts of speech of each key's common lemmas, as letters ("v": only ever a verb).
  const parts = new Map<string, Set<string>>();
  for (const [lemma, entries] of common) {
    const key = lemmaKey(lemma);
    const letters = parts.get(key) ?? new Set<string>();
    for (const entry of entries) letters.add(entry.synsets[0]!.charAt(0));
    parts.set(key, letters);
  }
  const lines = [...table.entries()]
    .filter(([, row]) => RELATION_KINDS.some((kind) => row[kind].size > 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, row]) =>
      [
        key,
        ...RELATION_KINDS.map((kind) => [...row[kind]].sort().join(' ')),
        [...(parts.get(key) ?? [])].sort().join(''),
      ].join('\t'),
    );
  return `${lines.join('\n')}\n`;
}
