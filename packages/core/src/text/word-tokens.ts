// Word tokenising with offsets, shared by the engine's text helpers and the offline model.

/** A word of a text, with where it sits. */
export interface WordToken {
  text: string;
  start: number;
  end: number;
}

// Letters and digits, with inner hyphens and apostrophes ("acetyl-CoA", "Hund's").
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}'’-]*[\p{L}\p{N}])?/gu;

/** The words of `text`, in order, with their offsets. */
export function wordTokens(text: string): WordToken[] {
  return [...text.matchAll(WORD)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}
