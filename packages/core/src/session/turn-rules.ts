import { RecallError } from '../errors/recall-error';
import type { EngineSessionState } from './session-state';
import { keyTerms } from '../text/lexical';

/**
 * Whether the rabbit-hole detector runs for the next learner message, judged on the state
 * before it: only in recall mode, after the warm-up exchanges, with no prompt pending
 * (a message sent then declines it) and no decline cooldown left.
 */
export function shouldDetectRabbithole(
  state: EngineSessionState,
  options: { warmupExchanges: number },
): boolean {
  return (
    state.mode === 'recall' &&
    state.pendingRabbithole === null &&
    state.declineCooldown === 0 &&
    state.exchangeCount >= options.warmupExchanges
  );
}

/** Throws the typed error for a session that cannot take learner input now. */
export function assertSessionActive(state: EngineSessionState): void {
  switch (state.status) {
    case 'in_progress':
      return;
    case 'created':
      throw new RecallError('SESSION_NOT_FOUND', `Session "${state.sessionId}" has not started.`);
    case 'paused':
      throw new RecallError(
        'SESSION_ENDED',
        `Session "${state.sessionId}" is paused; call startSession to resume it.`,
      );
    case 'completed':
    case 'abandoned':
      throw new RecallError('SESSION_ENDED', `Session "${state.sessionId}" is ${state.status}.`);
  }
}

/** The most words a rabbit-hole label keeps. */
export const LABEL_MAX_WORDS = 6;
/** The most characters a rabbit-hole label keeps. */
export const LABEL_MAX_CHARACTERS = 40;

// Words a label never ends on: "Leaves turning red and yellow in" reads cut off.
const DANGLING_WORDS = new Set(
  `a an and or but nor of in on at to the with without within for from by as into onto than their
its his her our your my this that these those over under about after before during between
through against like via per upon toward towards across behind beyond among around is are was
were be been do does did has have had can could will would should may might must so if when
while where which who whom whose what why how not very much more most some any no such`.split(
    /\s+/,
  ),
);

/**
 * A rabbit-hole label as the interface shows it (from the detector's label, else its topic):
 * at most {@link LABEL_MAX_WORDS} words and {@link LABEL_MAX_CHARACTERS} characters, cut at a
 * word boundary, with no small word or punctuation left dangling at the end — so "Leaves
 * turning red and yellow in autumn" becomes "Leaves turning red and yellow".
 */
export function shortLabel(text: string): string {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, LABEL_MAX_WORDS);
  while (words.length > 1 && words.join(' ').length > LABEL_MAX_CHARACTERS) words.pop();
  // Trailing punctuation goes; symbols that are part of a name stay ("C++", "C#", "Na+").
  const bare = (word: string) => word.replace(/[^\p{L}\p{N}+#°]+$/u, '');
  while (words.length > 1 && DANGLING_WORDS.has(bare(words.at(-1)!).toLowerCase())) words.pop();
  const label = words.join(' ');
  return bare(label.length > LABEL_MAX_CHARACTERS ? label.slice(0, LABEL_MAX_CHARACTERS) : label);
}

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
