// The offline evaluator's verdicts, shared by the evaluator and the offline tutor (which checks
// the learner's latest words itself while the evaluator runs concurrently), so both agree.

import { hasStem, isGenericTerm, type KeyTerm, keyTerms } from './lexical';

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
}

/** The key terms of each content, weighted against the other contents. */
export function weighTerms(contents: readonly string[]): WeightedTerm[][] {
  const termLists = contents.map((content) => keyTerms(content));
  const stemLists = termLists.map((terms) => terms.map((term) => term.stem));
  return termLists.map((terms) =>
    terms.map((term) => {
      const sharedBy = Math.max(1, stemLists.filter((stems) => hasStem(stems, term.stem)).length);
      const generic = isGenericTerm(term);
      return {
        ...term,
        weight: (generic ? GENERIC_WEIGHT : 1) / sharedBy,
        distinctive: sharedBy === 1 && !generic,
      };
    }),
  );
}

/** How well a message covers one point. */
export interface PointJudgement {
  recalled: boolean;
  nearMiss: boolean;
  /** 0–1: how sure the lexical judge is of its verdict. */
  certainty: number;
  /** Matched terms / all terms. */
  ratio: number;
  /** Matched weight / all weight: the share of what is specific to the point. */
  weightedRatio: number;
  matched: WeightedTerm[];
  missing: WeightedTerm[];
}

/**
 * Judges each content against `message`. Recalled: ≥ 75 % of the key terms and ≥ 60 % of
 * their weight. Near miss: not recalled, ≥ 30 % of the weight, and at least one matched term
 * only this point has — so words shared with other points or generic words ("run", "next")
 * never make a near miss on their own.
 */
export function judgePoints(contents: readonly string[], message: string): PointJudgement[] {
  return judgeAnswer({ weighted: weighTerms(contents), latest: message });
}

/** Options for {@link judgeAnswer}. */
export interface JudgeAnswerOptions {
  /** Each point's terms, from {@link weighTerms}. */
  weighted: ReadonlyArray<readonly WeightedTerm[]>;
  /** The learner's latest message. */
  latest: string;
  /** The learner's message before it, if any. */
  previous?: string | undefined;
}

/**
 * {@link judgePoints} for a conversation: a point is also recalled when the latest message
 * completes what the previous one started (the answer to a follow-up question), as long as
 * the latest message itself brings a term specific to the point. Near misses are judged on the
 * latest message alone, so an old partial answer never counts twice.
 */
export function judgeAnswer(options: JudgeAnswerOptions): PointJudgement[] {
  const latest = stemsOf(options.latest);
  const both = options.previous === undefined ? latest : [...latest, ...stemsOf(options.previous)];
  return options.weighted.map((terms) => {
    const alone = judgeTerms(terms, latest);
    if (alone.recalled || both === latest) return alone;
    const together = judgeTerms(terms, both);
    const contributes = alone.matched.some((term) => term.weight >= 0.5);
    return together.recalled && contributes ? together : alone;
  });
}

function stemsOf(text: string): string[] {
  return keyTerms(text).map((term) => term.stem);
}

function judgeTerms(terms: readonly WeightedTerm[], said: readonly string[]): PointJudgement {
  const matched = terms.filter((term) => hasStem(said, term.stem));
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
    certainty: recalled ? round(0.6 + 0.4 * weightedRatio) : nearMiss ? 0.7 : 0.9,
    ratio,
    weightedRatio,
    matched,
    missing,
  };
}

function sum(terms: readonly WeightedTerm[]): number {
  return terms.reduce((total, term) => total + term.weight, 0);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
