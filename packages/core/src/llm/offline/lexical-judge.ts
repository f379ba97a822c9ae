// The offline evaluator's verdicts, shared by the evaluator and the offline tutor (which checks
// the learner's latest words itself while the evaluator runs concurrently), so both agree.

import { hasStem, type KeyTerm } from '../../text/lexical';
import { inPointOrder } from './word-alignment';
import { compoundsAsInPoints, type PointCompounds, readCompounds } from './compound-words';
import { type Contradiction, findContradiction } from './meaning-check';
import { saysInOtherWords } from './paraphrase-cover';
import { type ParaphraseScore, recallsInOtherWords, scoreParaphrases } from './paraphrase-path';
import { ARTICLES, type SentenceWord, isContentWord, readSentence } from './sentence-structure';
import { wordsMatch } from './word-match';
import { numberValue } from './word-forms';

/** Share of a point's key terms at or above which it counts as recalled. */
export const RECALLED_COVERAGE = 0.75;
/** Weighted share (see {@link WeightedTerm}) a recall also needs. */
export const RECALLED_WEIGHTED_COVERAGE = 0.6;
/** Weighted share at or above which a partly covered point is a near miss. */
export const NEAR_MISS_COVERAGE = 0.3;
/** Weight factor of a generic word ("makes", "next"). */
const GENERIC_WEIGHT = 0.25;

/** A key term of one point, weighted by how specific it is to that point within the set. */
export interface WeightedTerm extends KeyTerm {
  /** 1 / (points whose content has the term), × 0.25 for a generic word. */
  weight: number;
  /** Only this point has the term, and it is not a generic word. */
  distinctive: boolean;
  /** A generic word ("makes", "next"), weighed at a quarter. */
  generic: boolean;
  /**
   * Most of the set's points have the term (at least two, and at least half of them): it names
   * what the points are about, the ground a learner's answer stands on rather than what it says.
   */
  given: boolean;
  /** A number or a name ("1822", "Champollion") only this point has: what pins an answer to it. */
  identifier: boolean;
}

/** The points of a set, read once for judging many answers. */
export interface JudgedPoints {
  /** Each point's content words, in order. */
  sentences: SentenceWord[][];
  /** Each point's distinct key terms, weighted against the other points. */
  weighted: WeightedTerm[][];
  /** How the points write their compounds, so an answer's are read the same way. */
  compounds: PointCompounds;
}

/** Reads the points' contents: their words and weighted key terms. */
export function readPoints(contents: readonly string[]): JudgedPoints {
  const sentences = contents.map((content) => readSentence(content));
  const termLists = sentences.map((words) =>
    distinctTerms(words.filter((word, index) => isContentWord(word) && !naming(words, index))),
  );
  const stemLists = termLists.map((terms) => terms.map((term) => term.stem));
  const weighted = termLists.map((terms) =>
    terms.map((term) => {
      const sharedBy = Math.max(1, stemLists.filter((stems) => hasStem(stems, term.stem)).length);
      return {
        word: term.word,
        stem: term.stem,
        weight: (term.generic ? GENERIC_WEIGHT : 1) / sharedBy,
        distinctive: sharedBy === 1 && !term.generic,
        generic: term.generic,
        given: sharedBy >= 2 && sharedBy * 2 >= contents.length,
        identifier: sharedBy === 1 && term.identifying,
      };
    }),
  );
  return { sentences, weighted, compounds: readCompounds(sentences) };
}

/** The key terms of each content, weighted against the other contents. */
export function weighTerms(contents: readonly string[]): WeightedTerm[][] {
  return readPoints(contents).weighted;
}

const NAMING_WORDS = new Set(['called', 'named', 'termed']);

/**
 * Whether the word only introduces a name the point goes on to give: the noun and the verb of
 * "a molecule called luciferin", "an enzyme named pepsin". The name carries the meaning, so a
 * learner who gives the name need not say what kind of thing it is.
 */
function naming(words: readonly SentenceWord[], index: number): boolean {
  const named = (verb: number) => {
    if (!NAMING_WORDS.has(words[verb]?.text ?? '')) return false;
    let at = verb + 1;
    if (ARTICLES.has(words[at]?.text ?? '')) at += 1;
    const name = words[at];
    return name !== undefined && !name.stop;
  };
  const word = words[index]!;
  if (NAMING_WORDS.has(word.text)) return index > 0 && !words[index - 1]!.stop && named(index);
  return !word.stop && index > 0 && ARTICLES.has(words[index - 1]!.text) && named(index + 1);
}

interface PointTerm extends KeyTerm {
  generic: boolean;
  /** A number, or a word the point writes as a name. */
  identifying: boolean;
}

function distinctTerms(words: readonly SentenceWord[]): PointTerm[] {
  const seen = new Set<string>();
  const terms: PointTerm[] = [];
  for (const word of words) {
    if (seen.has(word.stem)) continue;
    seen.add(word.stem);
    terms.push({
      word: word.text,
      stem: word.stem,
      generic: word.generic,
      identifying: word.number !== undefined || (word.name && !word.generic),
    });
  }
  return terms;
}

/** How well a message covers one point. */
export interface PointJudgement {
  recalled: boolean;
  nearMiss: boolean;
  /** The answer shares the point's words but says something else (never recalled then). */
  contradiction: Contradiction | null;
  /** 0–1: how sure the lexical judge is of its verdict. */
  certainty: number;
  /** Matched terms / all terms. */
  ratio: number;
  /** Matched weight / all weight: the share of what is specific to the point. */
  weightedRatio: number;
  matched: WeightedTerm[];
  missing: WeightedTerm[];
  /**
   * For a recall: the clause of the learner's message that shows it best, copied verbatim
   * (from the latest message; from the previous one only when the latest holds none of it).
   */
  evidence: string;
}

/** Options for {@link judgeAnswer}. */
export interface JudgeAnswerOptions {
  /** The points, from {@link readPoints}. */
  points: JudgedPoints;
  /** The learner's latest message. */
  latest: string;
  /** The learner's message before it, if any. */
  previous?: string | undefined;
}

/**
 * Judges each point against the learner's words. Recalled: ≥ 75 % of the key terms and ≥ 60 %
 * of their weight, and no contradiction (see `findContradiction`: a negated answer, swapped
 * roles, a wrong term in place of a right one). Also recalled in other words, when the
 * latest message falls short of the words or has one the point does not (see
 * `recallsInOtherWords`: terms covered by kin, definitions and phrases, a clear lead over the
 * other points, no contradiction read in other words). Also recalled when the latest message
 * completes what the previous one started (the answer to a follow-up question), as long as
 * the latest brings a term specific to the point and neither message contradicts it. Near
 * miss: not recalled, ≥ 30 % of the weight with a term only this point has, judged on the
 * latest message alone so an old partial answer never counts twice; a negated or swapped
 * answer is no near miss.
 */
export function judgeAnswer(options: JudgeAnswerOptions): PointJudgement[] {
  const { points } = options;
  const read = (text: string) => compoundsAsInPoints(readSentence(text), points.compounds);
  const latest = read(options.latest);
  const previous = options.previous === undefined ? undefined : read(options.previous);
  let paraphrases: ParaphraseScore[] | undefined;
  return points.weighted.map((terms, index) => {
    const contradicts = (answer: readonly SentenceWord[], inOtherWords = false) =>
      findContradiction({
        content: points.sentences[index]!,
        answer,
        inOtherWords: inOtherWords ? saysInOtherWords : undefined,
      });
    const alone = judgeTerms(terms, latest);
    const quote = (judgement: PointJudgement) => ({
      ...judgement,
      evidence: bestClause(options.latest, latest, judgement.matched),
    });
    const addressed = alone.recalled || alone.nearMiss;
    const contradiction = addressed ? contradicts(latest) : null;
    // Short of the words, or with a word the point does not have: maybe in other words.
    if (!alone.recalled || contradiction === 'wrong_term') {
      paraphrases ??= scoreParaphrases(points, latest);
      const score = paraphrases[index]!;
      const inOwnWords =
        recallsInOtherWords(paraphrases, index, points.sentences[index]!) &&
        contradicts(latest, true) === null;
      if (inOwnWords) return quote(inOtherWords(alone, score));
    }
    if (contradiction !== null) return contradicted(alone, contradiction);
    if (alone.nearMiss && !inPointOrder(points.sentences[index]!, latest, alone.matched)) {
      // Right as far as it goes says the point's words in the point's order; the same words
      // shuffled ("dive by blowing air into the tanks") say something else.
      return { ...alone, nearMiss: false, certainty: 0.9 };
    }
    if (alone.recalled || previous === undefined) return alone.recalled ? quote(alone) : alone;
    const together = judgeTerms(terms, [...latest, ...previous]);
    const contributes = alone.matched.some((term) => term.weight >= 0.5);
    if (!together.recalled || !contributes) return alone;
    return contradicts(previous) === null ? quote(together) : alone;
  });
}

/**
 * The clause of `text` holding the most of `terms` (by weight), copied verbatim so that it is
 * found again in the message; the whole text when it has a single clause.
 */
function bestClause(
  text: string,
  words: readonly SentenceWord[],
  terms: readonly WeightedTerm[],
): string {
  const scores = new Map<number, number>();
  for (const word of words) {
    const term = terms.find((candidate) => wordsMatch(termAsWord(candidate), word));
    if (term !== undefined) scores.set(word.clause, (scores.get(word.clause) ?? 0) + term.weight);
  }
  const [clause] = [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [];
  const inClause = words.filter((word) => word.clause === clause);
  if (inClause.length === 0) return text.trim();
  return text.slice(inClause[0]!.start, inClause.at(-1)!.end).trim();
}

/** A recall in the learner's own words: matched are the terms the answer covers. */
function inOtherWords(judgement: PointJudgement, score: ParaphraseScore): PointJudgement {
  const matched = score.covers.filter((cover) => cover.strength > 0).map((cover) => cover.term);
  return {
    ...judgement,
    recalled: true,
    nearMiss: false,
    certainty: round(0.5 + 0.3 * score.coverage),
    matched,
    missing: score.covers.filter((cover) => cover.strength === 0).map((cover) => cover.term),
  };
}

function contradicted(judgement: PointJudgement, contradiction: Contradiction): PointJudgement {
  return {
    ...judgement,
    recalled: false,
    // A near miss is for an answer right as far as it goes: never a wrong, negated or swapped one.
    nearMiss: false,
    contradiction,
    certainty: 0.8,
  };
}

/** A key term as a word the matcher takes. */
export function termAsWord(term: KeyTerm): Pick<SentenceWord, 'text' | 'stem' | 'number'> {
  return { text: term.word, stem: term.stem, number: numberValue(term.word) };
}

function judgeTerms(terms: readonly WeightedTerm[], said: readonly SentenceWord[]): PointJudgement {
  const words = said.filter((word) => !word.stop);
  // One word, one term: a word that is exactly another term ("ground") does not also stand
  // for a longer term it begins ("groundwater").
  const takenElsewhere = (term: WeightedTerm, word: SentenceWord) =>
    term.stem !== word.stem && terms.some((other) => other !== term && other.stem === word.stem);
  const matched = terms.filter((term) =>
    words.some((word) => wordsMatch(termAsWord(term), word) && !takenElsewhere(term, word)),
  );
  const missing = terms.filter((term) => !matched.includes(term));
  const total = sum(terms);
  const ratio = terms.length === 0 ? 0 : matched.length / terms.length;
  const weightedRatio = total === 0 ? 0 : sum(matched) / total;
  const recalled =
    matched.length > 0 && ratio >= RECALLED_COVERAGE && weightedRatio >= RECALLED_WEIGHTED_COVERAGE;
  const nearMiss =
    !recalled && weightedRatio >= NEAR_MISS_COVERAGE && matched.some((term) => term.distinctive);
  return {
    recalled,
    nearMiss,
    contradiction: null,
    certainty: recalled ? round(0.6 + 0.4 * weightedRatio) : nearMiss ? 0.7 : 0.9,
    ratio,
    weightedRatio,
    matched,
    missing,
    evidence: '',
  };
}

function sum(terms: readonly WeightedTerm[]): number {
  return terms.reduce((total, term) => total + term.weight, 0);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
