// Whether the roles of a point's words changed in an answer that keeps them: a direction that
// flips, or words that trade places around a word that stays (see `findContradiction`).

import type { SentenceWord } from './sentence-structure';
import { isContentWord } from './sentence-structure';
import { adjectiveOf, currentWordTable, relations, tableKey, wordsMatch } from './word-match';

// Words that give the word after them its role: moving one to another word swaps roles.
// ("in", "at", "over"… mostly say where or when, and "in general" is no role.)
const ROLE_WORDS = new Set(['from', 'to', 'into', 'onto', 'towards', 'toward', 'than', 'out']);

/**
 * Whether a direction word flips ("to the lungs" → "from the lungs") or moves to another word
 * ("faster in water than in air" → "faster in air than in water").
 */
export function flippedDirection(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
  position: ReadonlyArray<number | undefined>,
): boolean {
  const kept = content.flatMap((word, index) => {
    const at = position[index];
    return at === undefined ? [] : [{ before: word.introducer, after: answer[at]!.introducer }];
  });
  const flipped = kept.some(
    ({ before, after }) => before !== null && after !== null && relations.opposite(before, after),
  );
  if (flipped) return true;
  const directions = new Set(
    kept.flatMap(({ before }) => (before !== null && ROLE_WORDS.has(before) ? [before] : [])),
  );
  return [...directions].some((direction) => {
    const inContent = kept.filter(({ before }) => before === direction);
    const inAnswer = kept.filter(({ after }) => after === direction);
    // Rewording, not a move: the words keep a role word of another kind ("comes from Harald" →
    // "named after Harald"), and the words gaining this one had none ("a tenth-century king"
    // → "a king from the tenth century").
    const reworded =
      inContent.every(({ after }) => after !== null && after !== direction) &&
      inAnswer.every(({ before }) => before === null);
    if (reworded) return false;
    return inAnswer.length > 0 && inContent.every((pair) => !inAnswer.includes(pair));
  });
}

/**
 * Whether two content words trade places around a third: content order X … P … Y, answer
 * order Y … P … X ("demand is greater than supply" → "supply is greater than demand"). Words
 * that can move without changing the meaning are left out: adverbs ("mainly"), phrases of
 * place and time ("at subduction zones"), and the items of one list ("the Sun, Moon and Earth").
 */
export function exchanged(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
  position: ReadonlyArray<number | undefined>,
  weighty: (word: SentenceWord) => boolean,
): boolean {
  const anchors: Array<{ word: SentenceWord; at: number; index: number; weighty: boolean }> = [];
  const phrases: Array<{ word: SentenceWord; at: number; index: number }> = [];
  const seen = new Set<number>();
  for (const [index, at] of position.entries()) {
    const word = content[index]!;
    if (at === undefined || seen.has(at)) continue;
    seen.add(at);
    const phrase = word.adverbial && answer[at]!.adverbial;
    const movable = word.adverbial || answer[at]!.adverbial || isAdverb(word.text);
    if (isContentWord(word) && !movable) anchors.push({ word, at, index, weighty: weighty(word) });
    else if (isContentWord(word) && phrase && !isAdverb(word.text))
      phrases.push({ word, at, index });
  }
  if (phrasesTradePlaces(phrases, anchors)) return true;
  const together = (a: SentenceWord, b: SentenceWord) => a.list !== null && a.list === b.list;
  for (let first = 0; first < anchors.length; first += 1) {
    for (let middle = first + 1; middle < anchors.length; middle += 1) {
      for (let last = middle + 1; last < anchors.length; last += 1) {
        const [x, p, y] = [anchors[first]!, anchors[middle]!, anchors[last]!];
        if (together(x.word, p.word) || together(p.word, y.word)) continue;
        if (SYMMETRIC_WORDS.has(p.word.text)) continue;
        if (!canBeParticipant(x.word) || !canBeParticipant(y.word) || !canBeRelation(p.word)) {
          continue;
        }
        if (x.weighty && y.weighty && y.at < p.at && p.at < x.at) return true;
      }
    }
  }
  return false;
}

/**
 * Whether two phrases of place or time trade places around a word that stays ("a lunar eclipse
 * at full moon, a solar eclipse at new moon" → "… lunar … at new moon … solar … at full moon"):
 * one such phrase may move in its sentence, but two exchanging across a third say otherwise.
 */
function phrasesTradePlaces(
  phrases: ReadonlyArray<{ word: SentenceWord; at: number; index: number }>,
  anchors: ReadonlyArray<{ word: SentenceWord; at: number; index: number; weighty: boolean }>,
): boolean {
  for (const [first, x] of phrases.entries()) {
    for (const y of phrases.slice(first + 1)) {
      if (x.word.list !== null && x.word.list === y.word.list) continue;
      if (!(y.at < x.at)) continue;
      // Content order x … p … y, answer order y … p … x.
      const between = anchors.some(
        (p) => p.weighty && x.index < p.index && p.index < y.index && y.at < p.at && p.at < x.at,
      );
      if (between) return true;
    }
  }
  return false;
}

// Roles trade places around a relation: the two that move are things or what tells them apart
// (words that can be nouns or adjectives: "the denser oceanic plate"), the one between them
// says how they relate (a verb or an adjective, "hotter"). A word that can only be a verb
// moving ("…, which trains it"), or a plain noun between them ("the immune system"), is
// rewording.
// Words the WordNet table does not know, or no table at all, keep the plain order check.
function canBeParticipant(word: SentenceWord): boolean {
  const parts = currentWordTable()?.parts(tableKey(word.text)) ?? '';
  return parts === '' || /[nas]/.test(parts);
}

function canBeRelation(word: SentenceWord): boolean {
  const parts = currentWordTable()?.parts(tableKey(word.text)) ?? '';
  return parts === '' || /[vas]/.test(parts);
}

// Relations that read the same both ways round: "supply equals demand" = "demand equals supply".
const SYMMETRIC_WORDS = new Set(
  `equal equals equalled equaled same similar like match matches meet meets balance balances
equivalent identical opposite`.split(/\s+/),
);

// Words in "-ly" that are no adverbs.
const LY_WORDS = new Set(
  `supply apply reply imply comply multiply family assembly anomaly monopoly oligopoly butterfly
firefly ally rally belly jelly lily july italy holly bully tally folly`.split(/\s+/),
);

function isAdverb(word: string): boolean {
  return word.length >= 5 && word.endsWith('ly') && !LY_WORDS.has(word);
}

/**
 * Whether the answer states the point's comparison the other way round: the two sides trade
 * places and the comparison turns into its opposite ("blue stars are hotter than red stars" →
 * "red stars are cooler than blue stars"; "more dense than" → "less dense than"). That says
 * the same thing, so it is neither a swap nor a wrong term.
 */
export function converseComparison(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
): boolean {
  const [point, given] = [comparison(content), comparison(answer)];
  if (point === null || given === null) return false;
  const opposite =
    point.grade !== null && given.grade !== null
      ? relations.opposite(point.grade, given.grade) && wordsMatch(point.degree, given.degree)
      : point.grade === null &&
        given.grade === null &&
        relations.opposite(adjectiveOf(point.degree.text), adjectiveOf(given.degree.text));
  return opposite && sameSide(point.before, given.after) && sameSide(point.after, given.before);
}

interface Comparison {
  /** The compared quality ("hotter", or "dense" in "more dense"). */
  degree: SentenceWord;
  /** "more" or "less" before it, if any. */
  grade: string | null;
  /** The content words before and after the comparison, in its clause. */
  before: SentenceWord[];
  after: SentenceWord[];
}

/** The sentence's one comparison with "than", or null. */
function comparison(words: readonly SentenceWord[]): Comparison | null {
  const than = words.flatMap((word, index) => (word.text === 'than' ? [index] : []));
  if (than.length !== 1 || than[0]! < 1) return null;
  const at = than[0]!;
  const degree = words[at - 1]!;
  if (degree.stop || degree.clause !== words[at]!.clause) return null;
  const graded = words[at - 2];
  const grade =
    graded !== undefined && graded.clause === degree.clause && GRADES.has(graded.text)
      ? graded.text
      : null;
  const side = (from: number, to: number) =>
    words
      .slice(from, to)
      .filter((word) => word.clause === degree.clause && !word.stop && !GRADES.has(word.text));
  return { degree, grade, before: side(0, at - 1), after: side(at + 1, words.length) };
}

const GRADES = new Set(['more', 'less']);

/** Whether two sides of a comparison name the same things (every content word on both). */
function sameSide(left: readonly SentenceWord[], right: readonly SentenceWord[]): boolean {
  const things = (words: readonly SentenceWord[]) => words.filter((word) => isContentWord(word));
  const [a, b] = [things(left), things(right)];
  return (
    a.length > 0 &&
    b.length > 0 &&
    a.every((word) => b.some((other) => wordsMatch(word, other))) &&
    b.every((word) => a.some((other) => wordsMatch(word, other)))
  );
}

/**
 * Whether two parts of the point joined by "and", "but", "while"… exchange words in the
 * answer: each part keeps one word and takes the other's ("a north pole that points to the
 * Arctic and a south pole that points to the Antarctic" → "… north pole pointing to the
 * Antarctic and a south pole pointing to the Arctic"). Reordering the parts, or moving one
 * shared word to the other part ("arteries carry blood away, veins bring it back"), is not.
 * Words in lists are left out, and "and" often reads as a list ("live high and train low"),
 * so some real exchanges go unseen.
 */
export function regrouped(
  sentences: { content: readonly SentenceWord[]; answer: readonly SentenceWord[] },
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
  position: ReadonlyArray<number | undefined>,
  weighty: (word: SentenceWord) => boolean,
): boolean {
  const [pointPart, answerPart] = [partsOf(sentences.content), partsOf(sentences.answer)];
  // Words each sentence says once, the same word in both, outside lists ("roads and roofs" may
  // trade places freely): (part in point, part in answer).
  const once = (words: readonly SentenceWord[], word: SentenceWord) =>
    words.filter((other) => other.stem === word.stem).length === 1;
  const placed = content.flatMap((word, index) => {
    const at = position[index];
    const given = at === undefined ? undefined : answer[at]!;
    const [from, to] = [pointPart.get(word), given && answerPart.get(given)];
    const steady =
      given !== undefined &&
      given.text === word.text &&
      once(content, word) &&
      once(answer, given) &&
      word.list === null &&
      given.list === null;
    if (!weighty(word) || !steady || from === undefined || to === undefined) return [];
    return [{ from, to }];
  });
  for (const [i, a] of placed.entries()) {
    for (const b of placed.slice(i + 1)) {
      if (a.from !== b.from || a.to === b.to) continue;
      // a and b shared a part and now stand apart; does another part trade one word for one?
      const traded = placed.some(
        (c, k) =>
          c.from !== a.from &&
          c.to === b.to &&
          placed.some((d, m) => m !== k && d.from === c.from && d.to === a.to),
      );
      if (traded) return true;
    }
  }
  return false;
}

const PART_WORDS = new Set(['and', 'but', 'while', 'whereas', 'or', 'then']);

/** The part of its sentence each word is in: clauses, split again at "and", "but", "while"… */
function partsOf(words: readonly SentenceWord[]): Map<SentenceWord, number> {
  const parts = new Map<SentenceWord, number>();
  let part = 0;
  for (const [index, word] of words.entries()) {
    if (index > 0 && (PART_WORDS.has(word.text) || word.clause !== words[index - 1]!.clause)) {
      part += 1;
    }
    parts.set(word, part);
  }
  return parts;
}
