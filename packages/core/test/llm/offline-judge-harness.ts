// Shared by the offline judge's tests: offline-wording*.test.ts and offline-meaning*.test.ts.
import { afterAll, beforeAll } from 'vitest';
import { judgeAnswer, readPoints } from '../../src/llm/offline/lexical-judge';
import { findContradiction } from '../../src/llm/offline/meaning-check';
import { saysInOtherWords } from '../../src/llm/offline/paraphrase-cover';
import { readSentence } from '../../src/llm/offline/sentence-structure';
import { useWordTable } from '../../src/llm/offline/word-match';
import { loadWordTable } from '../../src/llm/offline/wordnet/load-word-table';

/** A point most of offline-meaning*.test.ts compare answers with. */
export const ENZYME = 'Pepsin breaks proteins down into peptides in the stomach.';

/** The contradiction (or null) between a point and an answer. */
export function compare(content: string, answer: string) {
  return findContradiction({ content: readSentence(content), answer: readSentence(answer) });
}

/** The same, for an answer judged in other words (the judge's paraphrase path). */
export function compareInOtherWords(content: string, answer: string) {
  return findContradiction({
    content: readSentence(content),
    answer: readSentence(answer),
    inOtherWords: saysInOtherWords,
  });
}

export function judge(point: string, latest: string, others: readonly string[] = []) {
  return judgeAnswer({ points: readPoints([point, ...others]), latest })[0]!;
}

export function word(text: string) {
  return readSentence(text)[0]!;
}

/** Loads the WordNet table before the tests of the file (or describe) and drops it after. */
export function useWordNetTable(): void {
  beforeAll(async () => {
    useWordTable(await loadWordTable());
  });
  afterAll(() => useWordTable(null));
}
