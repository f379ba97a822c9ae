import { type WeightedTerm, termAsWord } from './lexical-judge';
import { readSentence } from './sentence-structure';
import { wordsMatch } from './word-match';

/** "I don't know", "no idea", "I forgot"…: an answer that says the learner cannot recall. */
const CANNOT_RECALL =
  /\b(?:(?:do|did|can|could)(?:n['’]?t| not)|cannot) (?:know|remember|recall|think of)\b|\bno (?:idea|clue)\b|\b(?:forgot|forget|dunno|idk)\b|\bnot sure\b/i;

/** Whether the learner says they cannot recall ("I don't remember", "no idea"). */
export function saysCannotRecall(message: string): boolean {
  return CANNOT_RECALL.test(message);
}

/**
 * Whether a message is an attempt at the focus point although it neither recalls nor nearly
 * recalls it: it says the learner cannot recall, or uses a word only that point has ("something
 * with a synthase?"). Off-topic messages are no attempt.
 */
export function attemptsFocus(message: string, terms: readonly WeightedTerm[]): boolean {
  if (saysCannotRecall(message)) return true;
  const words = readSentence(message).filter((word) => !word.stop);
  return terms.some(
    (term) => term.distinctive && words.some((word) => wordsMatch(termAsWord(term), word)),
  );
}
