import { stem } from '../../text/lexical';
import type { SentenceWord } from './sentence-structure';

/** How a set's points write their compounds, read once with the points (see `readPoints`). */
export interface PointCompounds {
  /** Stems of words of six letters or more that an answer may write as two ("rainwater"). */
  single: ReadonlySet<string>;
  /** Two neighbouring words an answer may write as one: the joined form → the two. */
  pairs: ReadonlyMap<string, readonly [string, string]>;
}

/** The compounds of the points' words, for {@link compoundsAsInPoints}. */
export function readCompounds(points: ReadonlyArray<readonly SentenceWord[]>): PointCompounds {
  const single = new Set<string>();
  const pairs = new Map<string, readonly [string, string]>();
  for (const words of points) {
    for (const [index, word] of words.entries()) {
      if (word.number === undefined && word.text.length >= 6) single.add(stem(word.text));
      const next = words[index + 1];
      if (next === undefined || next.clause !== word.clause || word.stop || next.stop) continue;
      pairs.set(word.text + next.text, [word.text, next.text]);
    }
  }
  return { single, pairs };
}

/**
 * The answer's words with compounds written the points' way: two neighbours a point writes
 * as one word become that word ("rain water" → "rainwater", "off beats" → "offbeats"; the
 * first may be a little word of its own), and one word a point writes as two neighbours
 * becomes those two ("groundwater" when the point says "ground water"). Learners split and
 * join compounds freely; the meaning does not change.
 */
export function compoundsAsInPoints(
  answer: readonly SentenceWord[],
  compounds: PointCompounds,
): SentenceWord[] {
  const result: SentenceWord[] = [];
  for (let index = 0; index < answer.length; index += 1) {
    const word = answer[index]!;
    const next = answer[index + 1];
    if (
      next !== undefined &&
      next.clause === word.clause &&
      word.number === undefined &&
      !next.stop &&
      compounds.single.has(stem(word.text + next.text))
    ) {
      const joined = word.text + next.text;
      result.push({ ...word, text: joined, stem: stem(joined), generic: false, end: next.end });
      index += 1;
      continue;
    }
    const split = compounds.pairs.get(word.text);
    if (split !== undefined && !word.stop) {
      const [first, second] = split;
      result.push({ ...word, text: first, stem: stem(first), generic: false });
      result.push({ ...word, text: second, stem: stem(second), generic: false });
      continue;
    }
    result.push(word);
  }
  return result;
}
