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
  'i',
);

/** At most this many words: a long answer that happens to say "not sure" is still an answer. */
const MAX_WORDS = 12;

/**
 * Whether a learner message only says they cannot recall ("I don't remember", "no idea",
 * "I have forgotten it", "nothing comes to mind"). A long message that also tries an answer
 * ("not sure, but I think it is the thylakoid…") is not one.
 *
 * @example
 * saysCannotRecall("I can't recall that one."); // true
 * saysCannotRecall('It happens in the thylakoid membranes.'); // false
 */
export function saysCannotRecall(message: string): boolean {
  const words = message.trim().split(/\s+/).filter(Boolean);
  return words.length > 0 && words.length <= MAX_WORDS && CANNOT_RECALL.test(message);
}
