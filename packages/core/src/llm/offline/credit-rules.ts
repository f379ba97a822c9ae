// Rules that decide credit beyond term coverage, shared by the offline evaluator and tutor:
// a learner's question is never credited; an echo of what the session showed is never
// credited; a gap-fill is judged together with the cloze it fills; a near miss is only for an
// answer right as far as it goes (nothing in it that the point does not say).
import { ECHO_WINDOW, isEcho, shownKeyTerms } from '../../text/exposure';
import { hasStem, keyTerms } from '../../text/lexical';
import { readSentence } from './sentence-structure';
import { relations, wordsMatch } from './word-match';
import { numberValue } from './word-forms';
import { HEDGE_WORDS } from './word-relations';

export { isLearnerQuestion } from '../../text/question';

/** A run of blanks in a cloze ("___", "___ ___"). */
const BLANKS = /_{3,}(?:\s+_{3,})*/g;

/** Whether `text` (an agent reply) is a cloze: it has at least one blank. */
export function isCloze(text: string): boolean {
  return /_{3,}/.test(text);
}

/**
 * The cloze's sentence with its blanks filled by `answer`: one run of blanks takes the whole
 * answer; several take its parts split at commas and "and" when the counts agree (otherwise the
 * first takes the whole answer and the others are dropped). Null when `cloze` has no blank.
 */
export function fillCloze(cloze: string, answer: string): string | null {
  const sentence = cloze.split(/(?<=[.!?])\s+/).find((part) => /_{3,}/.test(part));
  if (sentence === undefined) return null;
  const runs = sentence.match(BLANKS) ?? [];
  const said = answer.trim().replace(/[.!?]+$/, '');
  const parts = said.split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
  let next = 0;
  return sentence.replace(BLANKS, () => {
    next += 1;
    if (runs.length > 1 && parts.length === runs.length) return parts[next - 1]!;
    return next === 1 ? said : '';
  });
}

/**
 * Whether `answer` supplies, in the learner's own words, every key term of `point` that the
 * cloze blanked (the point's key terms the cloze does not show).
 */
export function suppliesBlanks(point: string, cloze: string, answer: string): boolean {
  const shown = new Set(shownKeyTerms(point, [cloze]).map((term) => term.stem));
  const blanked = keyTerms(point).filter((term) => !shown.has(term.stem));
  if (blanked.length === 0) return false;
  const words = readSentence(answer).filter((word) => !word.stop);
  return blanked.every((term) =>
    words.some((word) =>
      wordsMatch({ text: term.word, stem: term.stem, number: numberValue(term.word) }, word),
    ),
  );
}

/** Whether `evidence` only repeats the latest agent replies (see `isEcho`). */
export function echoesReplies(evidence: string, agentReplies: readonly string[]): boolean {
  return evidence.trim() !== '' && isEcho(evidence, agentReplies.slice(-ECHO_WINDOW));
}

/**
 * Whether every content word of `answer` belongs to `point`: the same word, a synonym, a
 * broader or narrower term. An answer with a word of its own ("in 1789", "sterile males") may
 * be wrong where it differs, so it is no near miss.
 */
export function rightAsFarAsItGoes(point: string, answer: string): boolean {
  const content = readSentence(point).filter((word) => !word.stop);
  const stems = keyTerms(point).map((term) => term.stem);
  return readSentence(answer)
    .filter((word) => !word.stop && !word.generic && !HEDGE_WORDS.has(word.text))
    .every(
      (word) =>
        hasStem(stems, word.stem) ||
        content.some(
          (other) => wordsMatch(other, word) || relations.related(other.text, word.text),
        ),
    );
}
