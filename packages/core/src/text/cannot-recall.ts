import { keyTerms } from './lexical';

// "I don't remember": one definition of an answer that says the learner cannot recall, shared
// by the engine (such an answer to the asked point is a failed attempt on it) and the offline
// model (which keeps its hints in step with the probe wrap it causes).

/** Phrases that say "I cannot recall it", in the forms learners type or dictate. */
const CANNOT_RECALL = new RegExp(
  [
    // I don't / can't / cannot / couldn't know, remember, recall, think of, say
    String.raw`\b(?:do|does|did|can|could|ca)(?:n['’]?t| not)\s+(?:\w+\s+)?(?:know|remember|recall|think of|say|tell)\b`,
    String.raw`\bcannot\s+(?:\w+\s+)?(?:know|remember|recall|think of|say|tell)\b`,
    String.raw`\bno\s+(?:idea|clue|memory|recollection)\b`,
    String.raw`\b(?:forgot|forgotten|forget|dunno|idk|blanking|blanked)\b`,
    String.raw`\bnot\s+sure\b`,
    String.raw`\bnothing\s+(?:comes?|came|springs?)\s+to\s+mind\b`,
    String.raw`\b(?:mind|memory)\s+is\s+(?:a\s+)?blank\b`,
    String.raw`\bhave\s+no\s+(?:idea|clue)\b`,
    String.raw`\bpass\b\s*[.!]?\s*$`,
  ].join('|'),
  'gi',
);

/** Words that may stand around the phrase without making the message an answer. */
const FILLER = new Set(
  'sorry anything thing things one bit part point really honestly actually afraid still just now right'.split(
    ' ',
  ),
);

/**
 * Whether a learner message only says they cannot recall ("I don't remember", "no idea",
 * "I have forgotten it", "nothing comes to mind"): once those phrases are taken out, no key
 * term is left but filler ("sorry", "anything"). A message that also tries an answer ("the
 * mitochondria, not sure") is an answer.
 *
 * @example
 * saysCannotRecall("I can't recall that one."); // true
 * saysCannotRecall('It happens in the thylakoid membranes.'); // false
 */
export function saysCannotRecall(message: string): boolean {
  const rest = message.replace(CANNOT_RECALL, ' ');
  if (rest === message) return false;
  return keyTerms(rest).every((term) => FILLER.has(term.word));
}
