// The partial answer ("cloze") the offline tutor offers after repeated misses: the point with
// its key words blanked, showing at most half of its key terms.

import { shownKeyTerms } from '../../text/exposure';
import { hasStem, keyTerms } from '../../text/lexical';
import type { WeightedTerm } from './lexical-judge';
import { wordTokens } from '../../text/word-tokens';

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
