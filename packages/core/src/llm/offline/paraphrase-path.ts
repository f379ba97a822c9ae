// When an answer in the learner's own words counts as recalling a point although it shares
// few of its words (see `coverTerms` for what covers a term). Credit needs all of: most of
// the point's weight covered, its distinctive terms covered, at least one term said in other
// words (an answer in the point's own words that leaves part out is partial, not a
// paraphrase), the point clearly the best match
// among the set's points (so a wrong but related answer takes no credit), and no covering word
// negated where the point's word is not. `findContradiction` and the credit rules (questions,
// echoes) still run on top.

import { coveredOtherwise, coverTerms, saidInOwnWord, type TermCover } from './paraphrase-cover';
import { isContentWord, PREPOSITIONS, type SentenceWord } from './sentence-structure';
import type { JudgedPoints, WeightedTerm } from './lexical-judge';

/** Covered share of a point's weight (× cover strength) at or above which a paraphrase recalls it. */
export const PARAPHRASE_COVERAGE = 0.35;
/**
 * Weighted share of a point's key terms a paraphrase must cover at all (any cover strength),
 * leaving out what most points are about (see `WeightedTerm.given`).
 */
export const PARAPHRASE_REACH = 0.65;
/**
 * The share of terms covered that suffices when the answer says at least as much as the point
 * (as many content words as the point has key terms): a description in other words runs long,
 * and a few of its words find no counterpart; a short partial answer does not say as much.
 */
export const PARAPHRASE_REACH_WHEN_FULL = 0.5;
/** Covered share of the weight of the point's distinctive terms a paraphrase also needs. */
export const PARAPHRASE_DISTINCTIVE_COVERAGE = 0.3;
/**
 * The share of a point's terms an answer may say in the point's own words and still reach
 * recall with some terms left uncovered. The path's lower bar is for saying the point
 * differently, not for leaving part of it out or putting another word in its place
 * ("releases oxygen" for "releases carbon dioxide gas"): an answer that keeps more of the
 * point's words must cover every other term in other words ("middle shell" for "mantle").
 */
export const PARAPHRASE_MAX_OWN_WORDS = 0.5;
/** How far the point's coverage must lead every other point's. */
export const PARAPHRASE_MARGIN = 0.15;

/** How far an answer covers one point in other words. */
export interface ParaphraseScore {
  /** Covered weight / all weight (each term's weight × its cover strength). */
  coverage: number;
  /** Weight of the terms covered at all / all weight, `given` terms left out when the answer says enough. */
  reach: number;
  /** Terms covered in other words (see `coveredOtherwise`). */
  otherWords: number;
  /** Whether the answer has at least as many content words as the point has key terms. */
  full: boolean;
  /** Terms said in the point's own word (the same stem) / all terms. */
  ownWords: number;
  /** The same over the point's distinctive terms (1 when it has none). */
  distinctiveCoverage: number;
  /** Identifiers of the point (its own numbers and names) the answer says in their own word. */
  identifiers: number;
  covers: Array<TermCover<WeightedTerm>>;
}

/** Scores every point of the set against the answer. */
export function scoreParaphrases(
  points: JudgedPoints,
  answer: readonly SentenceWord[],
): ParaphraseScore[] {
  const answered = answer.filter((word) => isContentWord(word) && !word.generic).length;
  return points.weighted.map((all, index) => {
    // A preposition's meaning is carried by its phrase, which other words may say otherwise.
    const terms = all.filter((term) => !PREPOSITIONS.has(term.word));
    const covers = coverTerms({ terms, content: points.sentences[index]!, answer });
    const distinctive = covers.filter((cover) => cover.term.distinctive);
    const ownWords = covers.length === 0 ? 0 : covers.filter(saidInOwnWord).length / covers.length;
    // The topic's own ground may go unsaid by an answer in other words that says enough; not by
    // a short one, nor by one that keeps the point's words around a part it changed.
    const groundMayGoUnsaid =
      answered >= terms.filter((term) => !term.given).length &&
      ownWords <= PARAPHRASE_MAX_OWN_WORDS;
    return {
      coverage: share(covers),
      reach: reach(covers, groundMayGoUnsaid),
      ownWords,
      otherWords: covers.filter(coveredOtherwise).length,
      distinctiveCoverage: distinctive.length === 0 ? 1 : share(distinctive),
      identifiers: covers.filter((cover) => cover.term.identifier && saidInOwnWord(cover)).length,
      full: answered >= terms.length,
      covers,
    };
  });
}

/** Whether the answer recalls point `index` in other words (see the file's comment). */
export function recallsInOtherWords(
  scores: readonly ParaphraseScore[],
  index: number,
  content: readonly SentenceWord[],
): boolean {
  const own = scores[index]!;
  const others = scores.filter((_, at) => at !== index);
  const runnerUp = Math.max(0, ...others.map((s) => s.coverage));
  // An answer that names another point's own number or name, and none of this one's, is
  // about that point ("Champollion … in 1822" is not the point on who could read the Greek).
  if (own.identifiers === 0 && others.some((other) => other.identifiers > 0)) return false;
  return (
    own.coverage >= PARAPHRASE_COVERAGE &&
    own.otherWords >= 1 &&
    own.reach >= reachNeeded(own) &&
    own.distinctiveCoverage >= PARAPHRASE_DISTINCTIVE_COVERAGE &&
    own.coverage - runnerUp >= PARAPHRASE_MARGIN &&
    !negatedCover(own.covers, content)
  );
}

function reachNeeded(score: ParaphraseScore): number {
  if (score.ownWords > PARAPHRASE_MAX_OWN_WORDS) return 1;
  return score.full ? PARAPHRASE_REACH_WHEN_FULL : PARAPHRASE_REACH;
}

/** Whether a word covering a term is negated while the point's word is not, or the reverse. */
function negatedCover(
  covers: ReadonlyArray<TermCover<WeightedTerm>>,
  content: readonly SentenceWord[],
): boolean {
  const pointNegated = content.some((word) => word.negated);
  const answerNegated = covers.some((cover) => cover.by.some((word) => word.negated));
  return pointNegated !== answerNegated;
}

/**
 * The weighted share of the terms covered at all. With `groundMayGoUnsaid` (an answer in other
 * words with as many content words as the point has terms of its own), what most of the set's
 * points are about (`given`: "eclipse" in every point on eclipses) is left out: it is the
 * ground the answer stands on, and a learner answering about it need not name it again. A
 * short answer gets no such allowance: "two-factor authentication helps" names what the point
 * is about and says nothing of accounts or stolen passwords.
 */
function reach(all: ReadonlyArray<TermCover<WeightedTerm>>, groundMayGoUnsaid: boolean): number {
  const covers =
    !groundMayGoUnsaid || all.every((cover) => cover.term.given)
      ? all
      : all.filter((cover) => !cover.term.given);
  const total = covers.reduce((sum, cover) => sum + cover.term.weight, 0);
  const covered = covers.reduce(
    (sum, cover) => sum + (cover.strength > 0 ? cover.term.weight : 0),
    0,
  );
  return total === 0 ? 0 : covered / total;
}

function share(covers: ReadonlyArray<TermCover<WeightedTerm>>): number {
  const total = covers.reduce((sum, cover) => sum + cover.term.weight, 0);
  const covered = covers.reduce((sum, cover) => sum + cover.term.weight * cover.strength, 0);
  return total === 0 ? 0 : covered / total;
}
