// The judge's paraphrase path: how far an answer in other words covers each key term of a
// point. A term is covered by an answer word that is the same word (see `wordsMatch`), a
// broader or narrower term or looser kin of it, or a word of its dictionary definition
// ("sweet liquid" for "nectar"), or whose own definition names the term ("erythrocyte" for
// "blood cell"). A phrase of the point ("carbon dioxide") may be covered as a whole by one
// word ("CO2"), and a phrase of the answer ("give off") may cover a word of the point. Needs
// the WordNet table; without it only same words cover.

import type { KeyTerm } from '../../text/lexical';
import { stemsMatch } from '../../text/lexical';
import { isContentWord, type SentenceWord } from './sentence-structure';
import { currentWordTable, phraseWordKeys, relations, tableKey, wordsMatch } from './word-match';
import { CAUSAL_WORDS } from './word-relations';
import type { WordTable } from './wordnet/word-table';
import { numberValue } from './word-forms';

/** How much each kind of cover counts, as a share of the term's weight. */
export const COVER_STRENGTH = {
  /** The same word, a synonym or a derived form. */
  same: 1,
  /** A broader or narrower term, or looser kin (similar, entailed, a rarer sense). */
  kin: 0.8,
  /** Two or more words of the term's definition, or a word whose definition names the term. */
  gloss: 0.7,
  /** One word of the term's definition. */
  glossWord: 0.4,
  /** A term two steps broader or narrower. */
  distant: 0.5,
  /** A pronoun standing for the point's subject. */
  standIn: 0.5,
} as const;

/** How one key term is covered. */
export interface TermCover<Term extends KeyTerm = KeyTerm> {
  term: Term;
  /** 0 (not covered) to 1 (the same word), see {@link COVER_STRENGTH}. */
  strength: number;
  /** The answer words that cover it. */
  by: SentenceWord[];
}

/** Words that stand for something named before ("they", "ones"). */
const STAND_IN_WORDS: ReadonlySet<string> = new Set(
  'it its they them their these those ones one'.split(' '),
);

/** Whether a term is covered by its own word (the same stem) among the words that cover it. */
export function saidInOwnWord(cover: TermCover): boolean {
  return cover.by.some((word) => stemsMatch(word.stem, cover.term.stem));
}

/** Whether a term is covered in other words: not by its own word, nor by a pronoun alone. */
export function coveredOtherwise(cover: TermCover): boolean {
  return (
    cover.strength > 0 &&
    !saidInOwnWord(cover) &&
    !cover.by.every((word) => STAND_IN_WORDS.has(word.text))
  );
}

/** A word or phrase of a sentence, with the key the table knows it by. */
interface Unit {
  key: string;
  words: SentenceWord[];
}

/**
 * How far `answer` covers each of `terms`, the key terms of the point read as `content`.
 * Only answer words that carry content count (no stop words, no generic words for glosses).
 */
export function coverTerms<Term extends KeyTerm>(options: {
  terms: readonly Term[];
  content: readonly SentenceWord[];
  answer: readonly SentenceWord[];
}): Array<TermCover<Term>> {
  const table = currentWordTable();
  const answerWords = options.answer.filter((word) => !word.stop);
  // One word, one meaning: a word that is one of the point's own words covers nothing else.
  const own = (word: SentenceWord) => options.terms.some((term) => wordsMatch(asWord(term), word));
  const free = answerWords.filter((word) => !own(word));
  const answerUnits = [
    ...free.map((word) => ({ key: tableKey(word.text), words: [word] })),
    ...(table === null ? [] : phrases(options.answer, table)).filter(
      (phrase) => !phrase.words.some(own),
    ),
  ];
  const pointPhrases = table === null ? [] : phrases(options.content, table);
  const covers = options.terms.map((term): TermCover<Term> & { phrase?: string } => {
    const same = answerWords.filter((word) => wordsMatch(asWord(term), word));
    if (same.length > 0) return { term, strength: COVER_STRENGTH.same, by: same };
    // "Tides are caused by the Moon" said as "… because of the Moon".
    const causal = CAUSAL_WORDS.has(term.word)
      ? options.answer.filter((word) => CAUSAL_WORDS.has(word.text) && !own(word))
      : [];
    if (causal.length > 0) return { term, strength: COVER_STRENGTH.kin, by: causal };
    if (table === null) return { term, strength: 0, by: [] };
    const key = tableKey(term.word);
    // The term's own phrase in the point ("carbon dioxide"), covered as a whole.
    const ownPhrases = pointPhrases.filter((phrase) =>
      phrase.words.some((word) => stemsMatch(word.stem, term.stem)),
    );
    let best: TermCover<Term> & { phrase?: string } = { term, strength: 0, by: [] };
    const consider = (strength: number, by: SentenceWord[], phrase?: string) => {
      if (strength > best.strength) best = { term, strength, by, ...(phrase ? { phrase } : {}) };
    };
    for (const unit of answerUnits) {
      if (relations.opposite(term.word, unit.key) || table.antonym(key, unit.key)) continue;
      for (const target of [key, ...ownPhrases.map((phrase) => phrase.key)]) {
        const strength = kinship(table, target, unit.key);
        if (strength > 0) {
          if (target === key) consider(strength, unit.words);
          else consider(strength * 0.9, unit.words, target);
        }
      }
      const gloss = unit.words.length > 1 || !unit.words[0]!.generic;
      if (gloss && definitionOf(table, unit.key).some((stem) => stemsMatch(stem, key))) {
        consider(COVER_STRENGTH.gloss, unit.words);
      }
    }
    // The learner answers about the point: "they" / "ones" can stand for its subject, the
    // first term of the point ("the really big ones blow up" for "massive stars explode").
    if (term === options.terms[0]) {
      const pronoun = options.answer.filter((word) => STAND_IN_WORDS.has(word.text));
      if (pronoun.length > 0) consider(COVER_STRENGTH.standIn, pronoun.slice(0, 1));
    }
    const definition = definitionOf(table, key);
    const defining = free.filter(
      (word) =>
        !word.generic &&
        isContentWord(word) &&
        definition.some((stem) => stemsMatch(stem, tableKey(word.text))),
    );
    if (defining.length >= 2) consider(COVER_STRENGTH.gloss, defining);
    else if (defining.length === 1) consider(COVER_STRENGTH.glossWord, defining);
    return best;
  });
  return oneTermPerWord(covers);
}

/**
 * One word, one meaning: an answer word that covers several terms in other words keeps only
 * the strongest (heaviest) of them, except the terms of one phrase it says as a whole ("colon"
 * for "large intestine").
 */
function oneTermPerWord<Term extends KeyTerm>(
  covers: ReadonlyArray<TermCover<Term> & { phrase?: string }>,
): Array<TermCover<Term>> {
  const order = covers
    .map((cover, index) => ({ cover, index }))
    .filter(({ cover }) => cover.strength > 0 && cover.strength < COVER_STRENGTH.same)
    .sort((a, b) => b.cover.strength - a.cover.strength || a.index - b.index);
  const owner = new Map<number, string>();
  const result: Array<TermCover<Term>> = covers.map(({ term, strength, by }) => ({
    term,
    strength,
    by,
  }));
  for (const { cover, index } of order) {
    const claim = cover.phrase ?? `term:${index}`;
    if (cover.by.some((word) => (owner.get(word.start) ?? claim) !== claim)) {
      result[index] = { term: cover.term, strength: 0, by: [] };
      continue;
    }
    for (const word of cover.by) owner.set(word.start, claim);
  }
  return result;
}

/**
 * Whether `given` says `expected` in other words: a synonym, a broader or narrower term, or
 * looser kin (never a definition word: "oxygen" is in the definition of "carbon dioxide").
 */
export function saysOtherwise(expected: SentenceWord, given: SentenceWord): boolean {
  const table = currentWordTable();
  if (wordsMatch(expected, given)) return true;
  if (table === null) return false;
  const [want, got] = [tableKey(expected.text), tableKey(given.text)];
  if (denies(table, expected, given)) return false;
  // Verbs of one kind say much the same ("translates" / "converts", both ways to change).
  return verbSiblings(table, want, got) || kinship(table, want, got) >= COVER_STRENGTH.kin;
}

/**
 * Whether `given` says `expected` in an answer in other words: as {@link saysOtherwise}, or
 * by a word whose own definition names it ("squash": to compress; "pillar": a tall vertical
 * structure). Never the other way round: a word in the definition of the point's word is a
 * part of what it names ("oxygen" for "carbon dioxide"), not the thing.
 */
export function saysInOtherWords(expected: SentenceWord, given: SentenceWord): boolean {
  if (saysOtherwise(expected, given)) return true;
  const table = currentWordTable();
  if (table === null || given.generic) return false;
  const [want, got] = [tableKey(expected.text), tableKey(given.text)];
  // "dim" is defined as "not bright": a definition may name a word to deny it.
  if (denies(table, expected, given)) return false;
  return definitionOf(table, got).some((stem) => stemsMatch(stem, want));
}

/** Whether two words are opposites: antonyms by their table keys, or listed opposites. */
function denies(table: WordTable, expected: SentenceWord, given: SentenceWord): boolean {
  return (
    table.antonym(tableKey(expected.text), tableKey(given.text)) ||
    relations.opposite(expected.text, given.text)
  );
}

/** Two verbs sharing a broader verb ("translate" / "convert", both ways to change). */
function verbSiblings(table: WordTable, a: string, b: string): boolean {
  return (
    table.verb(a) && table.verb(b) && table.broader(a).some((up) => table.broader(b).includes(up))
  );
}

// What every agent noun is a kind of: "killer", "teacher" are people.
const PERSON_KEYS: ReadonlySet<string> = new Set([
  'person',
  'individu',
  'someon',
  'mortal',
  'soul',
]);

/**
 * Whether the link is only a verb's agent noun being a person: the stem of "killer" is that of
 * "kill", so "kill" reads as a kind of person. "People" says nothing of killing.
 */
function personOfAgent(table: WordTable, a: string, b: string): boolean {
  const [person, other] = PERSON_KEYS.has(a) ? [a, b] : [b, a];
  return PERSON_KEYS.has(person) && table.verb(other);
}

function kinship(table: WordTable, a: string, b: string): number {
  if (a === b || table.sameMeaning(a, b) || relations.synonym(a, b)) return COVER_STRENGTH.same;
  if (
    (table.broaderOrNarrower(a, b) && !personOfAgent(table, a, b)) ||
    table.akin(a, b) ||
    table.sameCluster(a, b)
  ) {
    return COVER_STRENGTH.kin;
  }
  // Two steps up from one to the other ("poodle" → dog → "canine"), not sideways.
  const twoUp = (from: string, to: string) =>
    table.broader(from).some((middle) => table.broader(middle).includes(to));
  if (twoUp(a, b) || twoUp(b, a) || verbSiblings(table, a, b)) return COVER_STRENGTH.distant;
  return 0;
}

/** The definition words of a word and of its derived forms ("gravitational" → gravitation's). */
function definitionOf(table: WordTable, key: string): string[] {
  return [...table.gloss(key), ...table.derived(key).flatMap((other) => table.gloss(other))];
}

/**
 * The phrases of `answer` ("come up", "give off"), read once: for a word, those that say it in
 * other words, as a synonym, a broader or narrower term or looser kin ("come up" for "surface").
 */
export function answerPhrases(
  answer: readonly SentenceWord[],
): (expected: SentenceWord) => SentenceWord[][] {
  const table = currentWordTable();
  if (table === null) return () => [];
  let units: Unit[] | undefined;
  return (expected) => {
    units ??= phrases(answer, table);
    const want = tableKey(expected.text);
    return units
      .filter(
        (unit) =>
          !table.antonym(want, unit.key) && kinship(table, want, unit.key) >= COVER_STRENGTH.kin,
      )
      .map((unit) => unit.words);
  };
}

/** Runs of two or three adjacent words of one clause that the table knows as a phrase. */
function phrases(words: readonly SentenceWord[], table: WordTable): Unit[] {
  const found: Unit[] = [];
  for (let start = 0; start < words.length; start += 1) {
    for (const length of [2, 3]) {
      const run = words.slice(start, start + length);
      if (run.length < length || run.some((word) => word.clause !== run[0]!.clause)) continue;
      if (run[0]!.stop) continue;
      // Each word by its own key or another spelling's ("gives off" → "give_off").
      let keys = [''];
      for (const word of run) {
        const options = phraseWordKeys(word.text);
        keys = keys.flatMap((start) => options.map((key) => (start ? `${start}_${key}` : key)));
      }
      const key = keys.find((candidate) => table.has(candidate));
      if (key !== undefined) found.push({ key, words: run });
    }
  }
  return found;
}

function asWord(term: KeyTerm): Pick<SentenceWord, 'text' | 'stem' | 'number'> {
  return { text: term.word, stem: term.stem, number: numberValue(term.word) };
}
