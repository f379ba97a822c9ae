// Lines an answer up with a point word by word: the longest run of matching words in the same
// order, then where each remaining point word turns up elsewhere in the answer.

import { type KeyTerm, stemsMatch } from '../../text/lexical';
import { isContentWord, type SentenceWord } from './sentence-structure';
import { wordsMatch } from './word-match';

/** The longest common subsequence of matching words, as [content index, answer index] pairs. */
export function align(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
): Array<[number, number]> {
  const rows = content.length;
  const columns = answer.length;
  const matches = matcher(content);
  const table = Array.from({ length: rows + 1 }, () => new Array<number>(columns + 1).fill(0));
  for (let row = rows - 1; row >= 0; row -= 1) {
    for (let column = columns - 1; column >= 0; column -= 1) {
      table[row]![column] = matches(content[row]!, answer[column]!)
        ? table[row + 1]![column + 1]! + 1
        : Math.max(table[row + 1]![column]!, table[row]![column + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  let row = 0;
  let column = 0;
  while (row < rows && column < columns) {
    if (
      matches(content[row]!, answer[column]!) &&
      table[row]![column] === table[row + 1]![column + 1]! + 1
    ) {
      pairs.push([row, column]);
      row += 1;
      column += 1;
    } else if (table[row + 1]![column]! >= table[row]![column + 1]!) row += 1;
    else column += 1;
  }
  return pairs;
}

/** Where each content word is in the answer: its aligned word, else a matching word elsewhere. */
export function positions(
  content: readonly SentenceWord[],
  answer: readonly SentenceWord[],
  pairs: ReadonlyArray<[number, number]>,
): Array<number | undefined> {
  const result: Array<number | undefined> = content.map(() => undefined);
  const used = new Set<number>();
  const matches = matcher(content);
  for (const [row, column] of pairs) {
    result[row] = column;
    used.add(column);
  }
  for (const [index, word] of content.entries()) {
    if (result[index] !== undefined) continue;
    const free = answer.findIndex((other, column) => !used.has(column) && matches(word, other));
    const any = answer.findIndex((other) => matches(word, other));
    const found = free !== -1 ? free : any;
    if (found !== -1) {
      result[index] = found;
      used.add(found);
    }
  }
  return result;
}

/**
 * Whether a point word and an answer word match, where an answer word that is exactly another
 * of the point's words stands for that one only: in a point on "stalactites" and "stalagmites",
 * neither is a slip for the other, and "ground" does not also stand for "groundwater".
 */
function matcher(
  content: readonly SentenceWord[],
): (word: SentenceWord, other: SentenceWord) => boolean {
  const stems = new Set(content.map((word) => word.stem));
  return (word, other) =>
    wordsMatch(word, other) && (other.stem === word.stem || !stems.has(other.stem));
}

/** Whether the answer says every matched term in one run with the point's word order. */
export function inPointOrder(
  point: readonly SentenceWord[],
  answer: readonly SentenceWord[],
  matched: readonly KeyTerm[],
): boolean {
  const content = point.filter((word) => isContentWord(word));
  const said = answer.filter((word) => !word.stop);
  const inOrder = align(content, said).map(([row]) => content[row]!);
  return matched.every((term) => inOrder.some((word) => stemsMatch(word.stem, term.stem)));
}
