// The offline tutor's wording, per situation. Each function returns interchangeable variants;
// the tutor rotates through them by turn so it never says the same thing twice in a row.
// House rules: 1–3 short sentences and at most one question, an open one (what, where, how,
// which — never yes/no); a recall is acknowledged with one neutral word ("Right.", "Yes.")
// and nothing more; no praise, no exclamation marks, no lists, no talk about the session or
// its progress.

import { hasStem, keyTerms } from '../../text/lexical';

/** The neutral acknowledgements of a recall: the interface does the rest. */
export const ACKNOWLEDGEMENTS: readonly string[] = ['Right.', 'Yes.'];

/**
 * Each variant led by a neutral acknowledgement, alternating — only those that name no key
 * term of `hidden` (the points still to recall): "Right." would show the "rights" of "the
 * Rights of Man".
 */
export function acknowledged(variants: readonly string[], hidden: readonly string[]): string[] {
  const stems = keyTerms(hidden.join(' ')).map((term) => term.stem);
  const words = ACKNOWLEDGEMENTS.filter((word) =>
    keyTerms(word).every((term) => !hasStem(stems, term.stem)),
  );
  const usable = words.length > 0 ? words : ['Yes.'];
  return variants.map((variant, index) => `${usable[index % usable.length]} ${variant}`);
}

/** The reply when every other wording would show too much of a point still to recall. */
export const LAST_RESORT = 'What else do you remember?';

/** “reactions”, “reactions” and “chloroplast”, “reactions”, “light” and “chloroplast”. */
function listOf(words: readonly string[]): string {
  const quoted = words.map((word) => `“${word}”`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * Broad questions on a point naming a few of its words (a cue: at most a third of its key
 * terms), or the topic area alone when `words` is empty.
 */
function cueQuestions(setName: string, words: readonly string[]): string[] {
  if (words.length === 0) {
    return [
      LAST_RESORT,
      'What else comes back to you?',
      `What else do you remember about ${setName}?`,
    ];
  }
  const list = listOf(words);
  // The words are quoted: a cue mentions them, whatever their part of speech ("produce").
  return [
    `What do you remember that goes with ${list}?`,
    `What can you tell me about the idea with ${list}?`,
    `Which idea comes back to you with ${list}?`,
  ];
}

/** The broad opening question: the topic area, then a cue on the first point. */
export function openingQuestions(setName: string, words: readonly string[]): string[] {
  const questions =
    words.length === 0
      ? [`What do you remember about ${setName}?`, `What comes back to you first?`]
      : cueQuestions(setName, words);
  return [...questions.map((question) => `Let's start with ${setName}. ${question}`), ...questions];
}

/** A broad question on a point that was not asked about yet (after a recall, or a wrap). */
export function anchorQuestions(setName: string, words: readonly string[]): string[] {
  return cueQuestions(setName, words);
}

/** After a miss: the point with its most specific words blanked, as one question. */
export function partialAnswers(cloze: string): string[] {
  return [
    `Which words fill the gaps in this: ${cloze}?`,
    `How would you complete this: ${cloze}?`,
    `What goes in the gaps here: ${cloze}?`,
  ];
}

/** A near miss: ask for exactly the missing aspect, naming none of its words. */
export function nearMissFollowUps(question: string): string[] {
  const openers = [
    'Part of it is there.',
    'That covers some of it.',
    'Some of it is still missing.',
  ];
  return openers.map((opener) => `${opener} ${question}`);
}

/**
 * Every point is recalled and the learner keeps talking: a short direct answer when their
 * question is about a recalled point, otherwise a neutral word. Never a new recall question.
 */
export function answerReplies(options: {
  setName: string;
  /** The learner asked something. */
  asked: boolean;
  /** The recalled point their question is about, if one matches. */
  content: string | undefined;
}): string[] {
  if (!options.asked) return [...ACKNOWLEDGEMENTS];
  if (options.content !== undefined) {
    const statement = options.content.replace(/[\s.]+$/, '');
    return [`${statement}.`, `That part of ${options.setName}: ${statement}.`];
  }
  return [
    `That goes beyond the points of ${options.setName}; its resources may say more.`,
    `The points of ${options.setName} do not cover that; its resources may.`,
  ];
}

/**
 * Back from a rabbit hole: the pending question again in other words (the seed's rule: no
 * sentence about the session), or a broad question when none is pending.
 */
export function returnReplies(setName: string, questions: readonly string[]): string[] {
  if (questions.length === 0) return cueQuestions(setName, []);
  return [...questions];
}

/** The welcome-back recap: the focus question alone, a cue as on opening. Never a progress count. */
export function recapReplies(setName: string, words: readonly string[]): string[] {
  return cueQuestions(setName, words);
}
