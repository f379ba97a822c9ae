import { stem } from '../../text/lexical';
import type { SentenceWord } from './sentence-structure';

/**
 * The answer's words with compounds written the point's way: two neighbours the point writes
 * as one word become that word ("rain water" → "rainwater"), and one word the point writes as
 * two neighbours becomes those two ("groundwater" when the point says "ground water").
 * Learners split and join compounds freely; the meaning does not change.
 */
export function compoundsAsInPoints(
  answer: readonly SentenceWord[],
  points: ReadonlyArray<readonly SentenceWord[]>,
): SentenceWord[] {
  const single = new Set<string>();
  const pairs = new Map<string, [string, string]>();
  for (const words of points) {
    for (const [index, word] of words.entries()) {
      if (word.number === undefined && word.text.length >= 6) single.add(word.text);
      const next = words[index + 1];
      if (next === undefined || next.clause !== word.clause || word.stop || next.stop) continue;
      pairs.set(word.text + next.text, [word.text, next.text]);
    }
  }
  const result: SentenceWord[] = [];
  for (let index = 0; index < answer.length; index += 1) {
    const word = answer[index]!;
    const next = answer[index + 1];
    const joined = next === undefined ? undefined : word.text + next.text;
    if (
      joined !== undefined &&
      next!.clause === word.clause &&
      !word.stop &&
      !next!.stop &&
      single.has(joined)
    ) {
      result.push({ ...word, text: joined, stem: stem(joined), generic: false, end: next!.end });
      index += 1;
      continue;
    }
    const split = pairs.get(word.text);
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
