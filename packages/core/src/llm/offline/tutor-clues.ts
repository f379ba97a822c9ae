// The material of the offline tutor's hints, counted in key terms (`keyTerms`, the one
// definition the engine and the evaluation harness share): a cue names at most a third of a
// pending point's key terms, a cloze shows at most half of them with the rest blanked, and
// each further hint shows at most one key term more than the one before. Hints are cut from
// the point's content only: its context is never read out.

import { shownKeyTerms } from '../../text/exposure';
import { type KeyTerm, hasStem, isGenericTerm, keyTerms } from '../../text/lexical';
import { wordTokens } from '../../text/word-tokens';
import type { WeightedTerm } from './lexical-judge';

/** Largest share of a pending point's key terms a cue may show. */
export const CUE_SHARE = 1 / 3;

/** Largest share of a pending point's key terms a cloze (or any hint) may show. */
export const CLOZE_SHARE = 1 / 2;

/** How many of `content`'s key terms a hint capped at `share` may show. */
export function termBudget(content: string, share: number): number {
  return Math.floor(keyTerms(content).length * share + 1e-9);
}

/**
 * Whether `text` shows at most `share` of the key terms of each of `contents` (the points
 * still to recall): the guard every offline tutor reply passes.
 */
export function showsAtMost(text: string, contents: readonly string[], share: number): boolean {
  return contents.every((content) => {
    const total = keyTerms(content).length;
    return total === 0 || shownKeyTerms(content, [text]).length <= share * total + 1e-9;
  });
}

/**
 * The point's key terms in the order hints reveal them: words that name something first
 * (generic words such as "makes" or "happen" say nothing on their own), the least specific of
 * them first (lowest weight in the set), then by position, so the words that carry the answer
 * come last.
 */
export function revealOrder(content: string, terms: readonly WeightedTerm[]): KeyTerm[] {
  const weightOf = (term: KeyTerm) =>
    Math.max(
      0,
      ...terms.filter((weighted) => hasStem([term.stem], weighted.stem)).map((t) => t.weight),
    );
  return keyTerms(content)
    .map((term, position) => ({
      term,
      position,
      generic: isGenericTerm(term) ? 1 : 0,
      weight: weightOf(term),
    }))
    .sort((a, b) => a.generic - b.generic || a.weight - b.weight || a.position - b.position)
    .map((entry) => entry.term);
}

/**
 * The words of `content`, as written, that carry the first `count` terms of `order`, in
 * their order in the content ("reactions", "chloroplast").
 */
export function cueWords(content: string, order: readonly KeyTerm[], count: number): string[] {
  const chosen = order.slice(0, count).map((term) => term.stem);
  const words: string[] = [];
  const seen = new Set<string>();
  for (const token of wordTokens(content)) {
    const stems = keyTerms(token.text).map((term) => term.stem);
    const stem = stems.find((candidate) => hasStem(chosen, candidate));
    if (stem === undefined || seen.has(stem)) continue;
    seen.add(stem);
    words.push(
      /^\p{Lu}\p{Ll}+$/u.test(token.text) && token.start === 0
        ? token.text.toLowerCase()
        : token.text,
    );
  }
  return words;
}

/** Options for {@link clozeOf}. */
export interface ClozeOptions {
  content: string;
  /** The stems the cloze may show; every other key-term word is blanked. */
  shownStems: readonly string[];
}

/**
 * The content with every word blanked whose key term is not in `shownStems` ("The ___
 * reactions happen in the ___ of the ___"); adjacent blanks merge, end punctuation dropped.
 */
export function clozeOf(options: ClozeOptions): string {
  const { content, shownStems } = options;
  let text = '';
  let copied = 0;
  for (const token of wordTokens(content)) {
    const stems = keyTerms(token.text).map((term) => term.stem);
    if (stems.length === 0 || stems.every((stem) => hasStem(shownStems, stem))) continue;
    text += `${content.slice(copied, token.start)}___`;
    copied = token.end;
  }
  return (text + content.slice(copied))
    .replace(/___(?:[\s-]+___)+/g, '___')
    .trim()
    .replace(/[\s.!?;:,]+$/, '');
}
