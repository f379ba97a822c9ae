// The material of the offline tutor's hints: clues cut from a point's context (never its
// content), ordered from the least to the most revealing, and the partial answer ("cloze")
// it offers after repeated misses.

import { shownKeyTerms } from '../../text/exposure';
import { hasStem, isGenericTerm, isStopWord, keyTerms, normalizeText } from '../../text/lexical';
import type { WeightedTerm } from './lexical-judge';
import { wordTokens } from '../../text/word-tokens';

/** Options for {@link cluesFor}. */
export interface CluesOptions {
  context: string;
  /** The point's weighted content terms: clues revealing many of them come last or go. */
  terms: readonly WeightedTerm[];
  content: string;
  /** Words the set writes in lower case somewhere (see {@link lowerCaseWords}). */
  lowerCase: ReadonlySet<string>;
}

/**
 * The context's clauses as clues, least revealing first: ordered by the weight of the
 * content terms each one gives away. A clause that contains the content, or gives away half
 * of its weight or more, is dropped.
 */
export function cluesFor(options: CluesOptions): string[] {
  const content = normalizeText(options.content);
  const total = options.terms.reduce((sum, term) => sum + term.weight, 0);
  return options.context
    .split(/(?<=[.!?])\s+|;\s*|:\s+|\n+/)
    .map((clause) => tidyClause(clause, options.lowerCase))
    .filter((clause) => clause.length >= 3)
    .map((clause, position) => {
      const stems = keyTerms(clause).map((term) => term.stem);
      const revealed = options.terms
        .filter((term) => hasStem(stems, term.stem))
        .reduce((sum, term) => sum + term.weight, 0);
      const leaks = content !== '' && normalizeText(clause).includes(content);
      return { clause, revealed, position, dropped: leaks || (total > 0 && revealed >= total / 2) };
    })
    .filter((clue) => !clue.dropped)
    .sort((a, b) => a.revealed - b.revealed || a.position - b.position)
    .map((clue) => clue.clause);
}

/** The words `texts` write in lower case: evidence that a capitalised one is no name. */
export function lowerCaseWords(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((text) => text.match(/(?<![\p{L}\p{N}])\p{Ll}+/gu) ?? []));
}

// One line, no end punctuation. The first word goes to lower case only when it is surely no
// name ("The", "Also", or a word the set also writes in lower case): "June" and "Napoleon"
// keep their capital.
function tidyClause(clause: string, lowerCase: ReadonlySet<string>): string {
  const text = clause
    .replace(/\s+/g, ' ')
    .replace(/!/g, '.')
    .trim()
    .replace(/[\s.,;:?]+$/, '');
  const first = /^\p{Lu}\p{Ll}*(?![\p{L}\p{N}])/u.exec(text)?.[0];
  if (first === undefined) return text;
  const lower = first.toLowerCase();
  const common =
    lowerCase.has(lower) || isStopWord(lower) || isGenericTerm({ word: lower, stem: lower });
  return common ? lower + text.slice(first.length) : text;
}

/** Options for {@link clozeOf}. */
export interface ClozeOptions {
  content: string;
  /** The content's weighted terms. */
  terms: readonly WeightedTerm[];
  /** Share of the unsaid weight to hide (0–1); at least one word is always hidden. */
  share: number;
  /** What the learner already said: those words stay visible. */
  said?: string;
  /**
   * The most key terms of `content` (see `keyTerms`) the cloze may show; more words are blanked
   * until it shows no more. @default half of them, rounded down
   */
  maxShownTerms?: number;
}

/**
 * The content with its most specific words blanked ("The light-dependent reactions happen in
 * the ___ of the ___."): words the learner has not said are blanked, weightiest first, until
 * `share` of their weight is hidden. Adjacent blanks merge.
 */
export function clozeOf(options: ClozeOptions): string {
  const { content, terms } = options;
  const said = keyTerms(options.said ?? '').map((term) => term.stem);
  const tokens = wordTokens(content).map((token, position) => {
    const stems = keyTerms(token.text).map((term) => term.stem);
    const weight = Math.max(
      0,
      ...terms.filter((term) => hasStem(stems, term.stem)).map((term) => term.weight),
    );
    return { ...token, weight, position, said: stems.some((stem) => hasStem(said, stem)) };
  });
  // Only when the learner has said every word does a said word get blanked.
  const unsaid = tokens.filter((token) => token.weight > 0 && !token.said);
  const candidates = unsaid.length > 0 ? unsaid : tokens.filter((token) => token.weight > 0);
  const total = candidates.reduce((sum, token) => sum + token.weight, 0);
  const blanked = new Set<number>();
  let hidden = 0;
  for (const token of candidates.sort((a, b) => b.weight - a.weight || a.position - b.position)) {
    if (blanked.size > 0 && hidden >= options.share * total) break;
    blanked.add(token.position);
    hidden += token.weight;
  }
  const maxShown = options.maxShownTerms ?? Math.floor(keyTerms(content).length / 2);
  const render = () => {
    let text = '';
    let copied = 0;
    for (const token of tokens) {
      if (!blanked.has(token.position)) continue;
      text += `${content.slice(copied, token.start)}___`;
      copied = token.end;
    }
    text = (text + content.slice(copied)).replace(/___(\s+___)+/g, '___').trim();
    return /[.!?]$/.test(text) ? text : `${text}.`;
  };
  // Blank more (key terms first, weightiest first) until the cloze shows at most `maxShown`.
  const rest = tokens
    .filter((token) => keyTerms(token.text).length > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  let text = render();
  for (const token of rest) {
    if (shownKeyTerms(content, [text]).length <= maxShown) break;
    if (blanked.has(token.position)) continue;
    blanked.add(token.position);
    text = render();
  }
  return text;
}
