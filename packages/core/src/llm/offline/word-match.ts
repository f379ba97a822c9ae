// When two words count as the same word for the offline evaluator: the same stem (or a long
// shared beginning), a listed near-synonym, the same number, or a one-letter slip in a long
// word ("haemoglobin" / "hemoglobin").

import { editDistance, stem, stemsMatch } from '../../text/lexical';
import { baseForm } from './word-forms';
import type { SentenceWord } from './sentence-structure';
import type { WordTable } from './wordnet/word-table';
import { createWordRelations, type WordRelations } from './word-relations';

const listed = createWordRelations(stem);
let wordTable: WordTable | null = null;

/**
 * Lets the matcher use the WordNet word table (see `loadWordTable`); until then, and where it
 * cannot be loaded, only the built-in word lists count.
 */
export function useWordTable(table: WordTable | null): void {
  wordTable = table;
  roots.clear();
  keys.clear();
}

/** The loaded word table, or null (browsers without it, or the `'word-lists'` lexicon). */
export function currentWordTable(): WordTable | null {
  return wordTable;
}

/**
 * The table key of a word: the stem of its base form ("made" → "make"). A word the table does
 * not know is looked up by its American spelling ("centre" → "center"; WordNet spells the
 * American way) or by the adjective it is a degree of ("largest" → "large").
 */
export function tableKey(word: string): string {
  const key = directKey(word);
  const table = wordTable;
  if (table === null || table.has(key)) return key;
  const known = keys.get(word);
  if (known !== undefined) return known;
  const root = adjectiveRoot(word);
  const found =
    [...americanSpellings(word), ...(root === undefined ? [] : [root])]
      .map(directKey)
      .find((candidate) => table.has(candidate)) ?? key;
  keys.set(word, found);
  return found;
}

const keys = new Map<string, string>();

function directKey(word: string): string {
  return stem(baseForm(word));
}

/**
 * The American spellings a British one may have: "-re" for "-er" ("centre", "metres"), "-our"
 * for "-or" ("colour", "behaviour"), "-ise"/"-yse" for "-ize"/"-yze" ("organised", "analyse"),
 * "ae" for "e" ("haemoglobin"), "-ogue" for "-og" ("catalogue"), "sulph-" for "sulf-".
 */
function americanSpellings(word: string): string[] {
  const variants = [
    word.replace(/([^aeiou])re(s|d)?$/, '$1er$2'),
    word.length >= 6 ? word.replace(/our(s|ed|ing|ite|ites|able)?$/, 'or$1') : word,
    word.replace(/([a-z]{3,})(i|y)s(e|es|ed|ing|ation|ations)$/, '$1$2z$3'),
    word.replace(/([a-z])ae([a-z])/, '$1e$2'),
    word.replace(/ogue(s)?$/, 'og$1'),
    word.replace(/^sulph/, 'sulf'),
  ];
  return variants.filter((variant) => variant !== word);
}

/**
 * The keys a word may be found by in the table's phrases: its own, and those of its other
 * spellings ("gives" → "give", as in "give off").
 */
export function phraseWordKeys(word: string): string[] {
  return [...new Set([tableKey(word), ...spellings(word).map(directKey)])];
}

/**
 * The word, and the spellings it may be looked up by: the "e" a short verb loses to its
 * ending ("moved" → "move", which the stemmer keeps whole), and one "l" of a final "l"
 * doubled before an ending, as British spelling does ("travelled" → "traveled").
 */
export function spellings(word: string): string[] {
  const result = [word];
  const ending = /(?:ed|ing|s)$/.exec(word);
  if (ending !== null) {
    const root = stem(word);
    if (root.length <= 4 && !root.endsWith('e')) result.push(`${root}e`);
  }
  const doubled = /^(.*[^aeiou][aeiou]l)l(ed|ing|ers?)$/.exec(word);
  if (doubled !== null) result.push(`${doubled[1]}${doubled[2]}`);
  return result;
}

/** Whether `test` holds for some spelling of `a` and some spelling of `b`. */
function anySpelling(a: string, b: string, test: (a: string, b: string) => boolean): boolean {
  if (test(a, b)) return true;
  const left = spellings(a);
  const right = spellings(b);
  if (left.length === 1 && right.length === 1) return false;
  return left.some((x) => right.some((y) => (x !== a || y !== b) && test(x, y)));
}

/** Opposites and near-synonyms: the built-in lists, and WordNet's when its table is loaded. */
export const relations: WordRelations & {
  /** Whether one word is a broader or narrower term of the other (WordNet only). */
  related(a: string, b: string): boolean;
} = {
  related: (a, b) =>
    anySpelling(a, b, (x, y) => wordTable?.broaderOrNarrower(tableKey(x), tableKey(y)) ?? false),
  opposite: (a, b) =>
    anySpelling(
      a,
      b,
      (x, y) => listed.opposite(x, y) || (wordTable?.antonym(tableKey(x), tableKey(y)) ?? false),
    ),
  synonym: (a, b) =>
    anySpelling(
      a,
      b,
      (x, y) => listed.synonym(x, y) || (wordTable?.sameMeaning(tableKey(x), tableKey(y)) ?? false),
    ),
};

/** A word as the matcher needs it. */
export type MatchableWord = Pick<SentenceWord, 'text' | 'stem' | 'number'>;

// Prefixes that turn a word into its opposite: "hypothermia" is no slip for "hyperthermia".
const OPPOSED_PREFIXES: ReadonlyArray<[string, string]> = [
  ['hypo', 'hyper'],
  ['in', 'ex'],
  ['im', 'ex'],
  ['endo', 'exo'],
  ['intra', 'inter'],
  ['pre', 'post'],
  ['sub', 'super'],
  ['micro', 'macro'],
  ['homo', 'hetero'],
  ['under', 'over'],
  ['de', 'in'],
  ['di', 'con'],
  ['a', 'e'],
];

/** Whether the two words count as the same word in an answer. */
export function wordsMatch(a: MatchableWord, b: MatchableWord): boolean {
  if (a.number !== undefined || b.number !== undefined) return a.number === b.number;
  if (stemsMatch(a.stem, b.stem)) return true;
  // The stemmer keeps a final "e" on short words only: "line" / "lined" → "line" / "lin".
  if (a.stem.length >= 3 && a.stem.replace(/e$/, '') === b.stem.replace(/e$/, '')) return true;
  // Singulars in "-us" lose their "s" to the stemmer: "virus" / "viruses" → "viru" / "virus".
  if (a.stem.length >= 4 && (a.stem === `${b.stem}s` || b.stem === `${a.stem}s`)) return true;
  if (sameAdjective(a.text, b.text)) return true;
  // One word in its British and American spellings ("sulphur" / "sulfur", "colour" / "color").
  if (americanSpellings(a.text).includes(b.text) || americanSpellings(b.text).includes(a.text)) {
    return true;
  }
  return relations.synonym(a.text, b.text) || isSlip(a.text, b.text);
}

/**
 * Whether the two words are forms of one adjective: its comparative or superlative, or the
 * verb made from it ("stronger", "strengthens" and "strong"; "earliest" and "early").
 */
function sameAdjective(a: string, b: string): boolean {
  const left = adjectiveRoot(a);
  const right = adjectiveRoot(b);
  if (left === undefined && right === undefined) return false;
  return stemsMatch(stem(left ?? a), stem(right ?? b));
}

/** The adjective a degree or "-en" verb is made from ("hotter" → "hot"), else the word itself. */
export function adjectiveOf(word: string): string {
  return adjectiveRoot(word) ?? word;
}

// Nouns in "-th" that the "-en" verbs of some adjectives are made from ("strengthen").
const TH_NOUNS: ReadonlyMap<string, string> = new Map([
  ['strength', 'strong'],
  ['length', 'long'],
  ['width', 'wide'],
  ['depth', 'deep'],
  ['breadth', 'broad'],
  ['height', 'high'],
]);

const roots = new Map<string, string | undefined>();

/**
 * The adjective a word is a degree or an "-en" verb of ("bigger", "earliest", "weakens" →
 * "big", "early", "weak"), or undefined. Needs the word table to tell an adjective: "layer"
 * (a noun of its own) is no degree of "lay", nor "garden" a verb of "gard".
 */
function adjectiveRoot(word: string): string | undefined {
  const table = wordTable;
  if (table === null || word.length < 5) return undefined;
  if (roots.has(word)) return roots.get(word);
  const adjective = (candidate: string) => table.parts(directKey(candidate)).includes('a');
  const candidates: string[] = [];
  const degree = /^(.{2,}?)(?:er|est)$/.exec(word);
  if (degree !== null && !/[nv]/.test(table.parts(directKey(word)))) {
    const root = degree[1]!;
    candidates.push(root, `${root}e`, root.replace(/([^aeiou])\1$/, '$1'));
  }
  const verb = /^(.{3,}?)en(?:s|ed|ing)?$/.exec(word);
  if (verb !== null && table.verb(directKey(word))) {
    const root = verb[1]!;
    candidates.push(TH_NOUNS.get(root) ?? root, `${root}e`, root.replace(/([^aeiou])\1$/, '$1'));
  }
  let found = candidates.find((candidate) => candidate !== word && adjective(candidate));
  // "earliest" → "earli", which the table keeps as the stem of "early".
  if (found?.endsWith('i')) found = `${found.slice(0, -1)}y`;
  roots.set(word, found);
  return found;
}

function isSlip(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  if (shorter < 6 || a[0] !== b[0] || Math.abs(a.length - b.length) > 2) return false;
  if (OPPOSED_PREFIXES.some(([x, y]) => opposed(a, b, x, y) || opposed(a, b, y, x))) return false;
  if (editDistance(a, b) > (shorter >= 9 ? 2 : 1)) return false;
  // Two words the table knows apart are two words, not one mistyped ("stalactite" and
  // "stalagmite"); spellings of one word share a row or name each other ("haemoglobin").
  const [left, right] = [tableKey(a), tableKey(b)];
  return !(wordTable?.has(left) && wordTable.has(right) && left !== right);
}

function opposed(a: string, b: string, first: string, second: string): boolean {
  return a.startsWith(first) && b.startsWith(second);
}
