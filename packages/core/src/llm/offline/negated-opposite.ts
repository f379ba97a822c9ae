// "Doesn't do much damage" says what "does little damage" says: a negated word whose opposite
// the point states is that opposite, stated. The judge reads such an answer in the point's terms
// before it looks for contradictions.

import type { SentenceWord } from './sentence-structure';
import { relations } from './word-match';

/**
 * The answer with each negated word whose opposite the point states, unnegated, turned into
 * that opposite ("not much" → "little", "never slow" → "fast"), and the rest of its clause
 * unnegated with it. Unchanged when the answer also says the opposite itself.
 */
export function negatedOpposites(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
): readonly SentenceWord[] {
  const turned = new Map<SentenceWord, SentenceWord>();
  for (const word of answer) {
    // A word the point has itself is negated as it stands ("does not control what enters").
    if (!word.negated || content.some((expected) => expected.stem === word.stem)) continue;
    const opposite = content.find(
      (expected) =>
        !expected.negated &&
        relations.opposite(expected.text, word.text) &&
        !answer.some((other) => other.stem === expected.stem),
    );
    if (opposite !== undefined) {
      turned.set(word, { ...word, text: opposite.text, stem: opposite.stem, negated: false });
    }
  }
  if (turned.size === 0) return answer;
  const clauses = new Set([...turned.keys()].map((word) => word.clause));
  return answer.map(
    (word) =>
      turned.get(word) ??
      (word.negated && clauses.has(word.clause) ? { ...word, negated: false } : word),
  );
}
