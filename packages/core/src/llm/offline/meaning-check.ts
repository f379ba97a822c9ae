// Whether an answer that shares a point's words says the opposite of it: negated, with its
// roles swapped, or with one of its terms replaced by a wrong one. The lexical coverage of the
// judge cannot tell "Tides are caused by the Moon" from "Tides are not caused by the Moon";
// these rules compare the two sentences word by word after lining them up.

import { stemsMatch } from '../../text/lexical';
import { activeOrder } from './active-voice';
import { ARTICLES, type SentenceWord, isContentWord, isSignalWord } from './sentence-structure';
import { align, positions } from './word-alignment';
import { negatedOpposites } from './negated-opposite';
import { answerPhrases, saysOtherwise } from './paraphrase-cover';
import { converseComparison, exchanged, flippedDirection, regrouped } from './swapped-roles';
import { relations, wordsMatch } from './word-match';
import { HEDGE_WORDS } from './word-relations';

/** How an answer contradicts a point it shares words with. */
export type Contradiction = 'negated' | 'swapped' | 'wrong_term';

/** Options for {@link findContradiction}. */
export interface ContradictionOptions {
  /** The point's content, read with `readSentence`. */
  content: readonly SentenceWord[];
  /** The learner's message, read with `readSentence`. */
  answer: readonly SentenceWord[];
  /**
   * For an answer judged as one in other words (the judge's paraphrase path): whether `given`
   * says `expected` in other words. There a wide gap between the stretches the sentences share
   * is rewording by nature, so only a tight one (at most two words of the point for at most two
   * others) can hold a wrong term, and not when its words say the point's in other words.
   * @default undefined: the answer is judged word for word
   */
  inOtherWords?: ((expected: SentenceWord, given: SentenceWord) => boolean) | undefined;
}

/**
 * The first contradiction found, or null:
 * - `negated`: the answer negates a word the point states ("are not caused"), or drops the
 *   point's own negation ("can travel through a vacuum");
 * - `swapped`: two words trade places around a third ("demand exceeds supply" → "supply
 *   exceeds demand"), a direction flips ("to the lungs" → "from the lungs"), or a role word
 *   moves to another word ("faster in water than in air" → "faster in air than in water");
 * - `wrong_term`: a number the point does not have, a word opposite to one of the point's
 *   ("raises" for "lowers"), or another word where a specific word of the point was, between
 *   two stretches the sentences share ("in the intestine" for "in the stomach").
 */
export function findContradiction(given: ContradictionOptions): Contradiction | null {
  const options = { ...given, answer: negatedOpposites(given.content, given.answer) };
  if (relationUnnegated(options.content, options.answer)) return 'negated';
  const { content, answer } = inContentOrder(options.content, options.answer);
  // A generic word ("lead", "form") is weighty where the point uses it as a noun, right after
  // "of" or an article ("strips of lead"): there another noun in its place is a wrong term.
  const nouns = new Set(
    options.content.filter((_, index) => {
      const before = options.content[index - 1]?.text ?? '';
      return before === 'of' || ARTICLES.has(before);
    }),
  );
  const weighty = (word: SentenceWord) => isContentWord(word) && (!word.generic || nouns.has(word));
  const pairs = align(content, answer);
  // Where each point word is in the answer (aligned, or moved elsewhere).
  const position = positions(content, answer, pairs);
  if (polarityDiffers(content, answer, position, weighty)) return 'negated';
  if (converseComparison(options.content, options.answer)) return null;
  if (
    flippedDirection(content, answer, position) ||
    exchanged(content, answer, position, weighty) ||
    regrouped(options, content, answer, position, weighty)
  ) {
    return 'swapped';
  }
  const numbers = new Set(
    content.flatMap((word) => (word.number === undefined ? [] : [word.number])),
  );
  if (
    numbers.size > 0 &&
    answer.some((word) => word.number !== undefined && !numbers.has(word.number))
  ) {
    return 'wrong_term';
  }
  const sentence = options.answer;
  return substituted({ ...options, content, answer, pairs, position, weighty, sentence })
    ? 'wrong_term'
    : null;
}

/**
 * Whether the answer negates a word the point states, or drops the point's own negation
 * altogether. A negated word the answer moved out of the negation's reach ("In a vacuum, sound
 * cannot travel") is fine as long as the negation itself is kept; so is one the answer's
 * negation reaches within a clause whose negation the point has too, as the reach of "not"
 * and "no" differ ("didn't eat fresh fruit" says what "ate no fresh fruit" says).
 */
function polarityDiffers(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
  position: ReadonlyArray<number | undefined>,
  weighty: (word: SentenceWord) => boolean,
): boolean {
  const keptIn = new Set<number>();
  const added: SentenceWord[] = [];
  let dropped = false;
  for (const [index, word] of content.entries()) {
    const at = position[index];
    if (at === undefined || !weighty(word)) continue;
    const negated = answer[at]!.negated;
    if (negated && !word.negated) added.push(word);
    if (word.negated && negated) keptIn.add(word.clause);
    if (word.negated && !negated) dropped = true;
  }
  if (added.some((word) => !keptIn.has(word.clause))) return true;
  return dropped && keptIn.size === 0;
}

/** Words of place or order that a negation can deny ("not above it", "not before 1900"). */
const RELATION_WORDS = new Set(
  'above below beneath under over before after inside outside within beyond'.split(' '),
);

/**
 * Whether the point denies a relation ("subject to the law, not above it") that the answer
 * states ("the king was above the law"): the same word of place or order, negated in the
 * point and not in the answer. Such words are stop words, so the content check skips them.
 */
function relationUnnegated(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
): boolean {
  return content.some(
    (word) =>
      word.negated &&
      RELATION_WORDS.has(word.text) &&
      !content.some((other) => other.text === word.text && !other.negated) &&
      !answer.some((given) => given.text === word.text && given.negated) &&
      answer.some((given) => given.text === word.text && !given.negated),
  );
}

/**
 * Both sentences as content words in active-voice order, the answer's clauses sorted into
 * the order of the content clauses they match best ("veins bring it back, while arteries
 * carry it away" lines up with "arteries carry…, and veins carry…").
 */
function inContentOrder(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
): { content: SentenceWord[]; answer: SentenceWord[] } {
  const contentClauses = clausesOf(content);
  let last = 0;
  const ranked = clausesOf(answer).map((clause, order) => {
    const scores = contentClauses.map(
      (target) =>
        clause.filter((word) => !word.stop && target.some((other) => wordsMatch(other, word)))
          .length,
    );
    const best = Math.max(0, ...scores);
    const rank = best === 0 || scores[last] === best ? last : scores.indexOf(best);
    last = rank;
    return { clause, rank, order };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return {
    content: contentClauses
      .flatMap((clause) => activeOrder(clause))
      .filter((word) => isContentWord(word) || isSignalWord(word)),
    answer: ranked
      .flatMap(({ clause }) => activeOrder(clause))
      .filter((word) => !word.stop || isSignalWord(word)),
  };
}

function clausesOf(words: readonly SentenceWord[]): SentenceWord[][] {
  const clauses: SentenceWord[][] = [];
  for (const word of words) {
    const current = clauses.at(-1);
    if (current !== undefined && current[0]!.clause === word.clause) current.push(word);
    else clauses.push([word]);
  }
  return clauses;
}

/**
 * Whether the gap after a shared word renames one thing: the point and the answer each go on
 * from that word straight into the rest of one compound ("light-dependent reactions" / "light
 * stage"), the same modifier with a head of the learner's own. A word after "of" ("strips of
 * wood") is no such head.
 */
function renamed(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
  row: number,
  column: number,
  missing: readonly SentenceWord[],
  extra: readonly SentenceWord[],
): boolean {
  const [shared, said] = [content[row], answer[column]];
  if (shared === undefined || said === undefined || missing.length === 0 || extra.length === 0) {
    return false;
  }
  const next = (word: SentenceWord, after: SentenceWord) =>
    after.clause === word.clause && after.start - word.end <= 1;
  return next(shared, missing[0]!) && next(said, extra[0]!);
}

/**
 * Whether, between two stretches the sentences share, a specific content word is missing and
 * the answer has a wrong word in its place (see {@link findContradiction}).
 */
function substituted(options: {
  content: readonly SentenceWord[];
  answer: readonly SentenceWord[];
  pairs: ReadonlyArray<[number, number]>;
  position: ReadonlyArray<number | undefined>;
  weighty: (word: SentenceWord) => boolean;
  inOtherWords?: ContradictionOptions['inOtherWords'];
  /** The whole answer as read, stop words included. */
  sentence: readonly SentenceWord[];
}): boolean {
  const { content, answer, pairs, position } = options;
  const phrasesSaying = answerPhrases(options.sentence);
  const moved = new Set(position.filter((at): at is number => at !== undefined));
  // A word lined up with a point word only as a synonym from elsewhere in the sentence
  // ("sun" for "sunlight") still stands where it stands: in the gap of a missing word it may
  // be a wrong word ("the sun's atmosphere" for "Earth's atmosphere").
  const aligned = new Set(pairs.map(([, column]) => column));
  const sameWord = new Set(
    position.flatMap((at, row) =>
      at !== undefined && stemsMatch(content[row]!.stem, answer[at]!.stem) ? [at] : [],
    ),
  );
  const settled = (column: number) => aligned.has(column) || sameWord.has(column);
  // A word the content does not have, opposite to one it has ("raises" for "lowers").
  const explains = options.inOtherWords;
  const opposed = answer.some(
    (given, column) =>
      !moved.has(column) &&
      content.some((expected) => relations.opposite(expected.text, given.text)) &&
      // In other words, a word that says one of the point's ("dark" for "dim") is no opposite;
      // "more" for "less" always is: a comparison says nothing else. A word whose definition
      // merely names a point word ("dim": lacking light) says nothing of it here.
      !(
        explains &&
        !isSignalWord(given) &&
        content.some((expected) => saysOtherwise(expected, given))
      ),
  );
  if (opposed) return true;
  const bounds: Array<[number, number]> = [[-1, -1], ...pairs, [content.length, answer.length]];
  for (let gap = 0; gap + 1 < bounds.length; gap += 1) {
    const [rowStart, columnStart] = bounds[gap]!;
    const [rowEnd, columnEnd] = bounds[gap + 1]!;
    const missing = content
      .slice(rowStart + 1, rowEnd)
      .filter((_, offset) => position[rowStart + 1 + offset] === undefined);
    const extra = answer
      .slice(columnStart + 1, columnEnd)
      .filter(
        (word, offset) =>
          !settled(columnStart + 1 + offset) && isContentWord(word) && !HEDGE_WORDS.has(word.text),
      );
    if (explains) {
      // In other words: a replacement is a point word nothing says otherwise, and an answer
      // word that says none of the point's, in one tight gap.
      if (missing.length > 2 || extra.length > 2) continue;
      if (renamed(content, answer, rowStart, columnStart, missing, extra)) continue;
      const unsaid = missing.filter(
        (expected) =>
          options.weighty(expected) && !extra.some((given) => explains(expected, given)),
      );
      const unexplained = extra.filter(
        (given) => !missing.some((expected) => explains(expected, given)),
      );
      if (unsaid.length > 0 && unexplained.length > 0) return true;
      continue;
    }
    const kin = saysOtherwise;
    // A phrase of the answer that says the word ("come up" for "surface") is no wrong word.
    const saidByPhrase = (expected: SentenceWord) =>
      phrasesSaying(expected).some((words) => words.some((word) => extra.includes(word)));
    const replaced = missing.some(
      (expected) =>
        options.weighty(expected) &&
        !saidByPhrase(expected) &&
        extra.some(
          (given) =>
            !relations.synonym(expected.text, given.text) &&
            !extra.some((other) => kin(expected, other)),
        ),
    );
    if (replaced) return true;
  }
  return false;
}
