// How a scripted learner words an answer when the sets file gives none of that kind. These
// templates are the harness's own: they share no code or word list with the offline model's
// judge (a judge must not grade its own homework). Key terms come from the one public
// definition (`keyTerms` in @recall/core), which the metrics use as well.
import { keyTerms, type RecallPoint } from '@recall/core';
import type { EvalAnswerKind, EvalAnswers } from '../sets/sets-file';
import { pick } from './random';

/** A human-written answer of `kind` for the point when the sets file has one. */
export function givenAnswer(
  answers: EvalAnswers | undefined,
  kind: EvalAnswerKind,
  random: () => number,
): string | undefined {
  const texts = answers?.[kind];
  if (texts === undefined) return undefined;
  return typeof texts === 'string' ? texts : pick(texts, random);
}

/** The point as written, without its final full stop. */
export function verbatim(point: RecallPoint): string {
  return point.content.trim().replace(/[.!]+$/, '');
}

/** The surface words of the point's key terms, in order. */
export function termWords(point: RecallPoint): string[] {
  return keyTerms(point.content).map((term) => term.word);
}

const PARTIAL_FRAMES = [
  (words: string) => `It has something to do with ${words}.`,
  (words: string) => `I only have part of it: ${words}.`,
  (words: string) => `Partly, ${words}, but I lost the rest.`,
];

/** Half of the point's key terms (at least one), in a sentence of the learner's own. */
export function partialAnswer(point: RecallPoint, random: () => number): string {
  const words = termWords(point);
  const half = words.slice(0, Math.max(1, Math.floor(words.length / 2)));
  return pick(PARTIAL_FRAMES, random)(joinWords(half));
}

// Verbs after which "not" negates the sentence; the harness's own short list.
const NEGATABLE = /\b(is|are|was|were|can|will|has|have|does|do)\b/i;

/** The point stated with its meaning negated. */
export function negatedAnswer(point: RecallPoint): string {
  const text = verbatim(point);
  if (NEGATABLE.test(text)) return `${text.replace(NEGATABLE, (verb) => `${verb} not`)}.`;
  return `It is not the case that ${lowerFirst(text)}.`;
}

/** The point's words kept, its meaning swapped: the first and last key terms trade places. */
export function confusedAnswer(point: RecallPoint): string {
  const words = termWords(point);
  const first = words[0];
  const last = words.at(-1);
  const text = verbatim(point);
  if (first === undefined || last === undefined || first === last) {
    return `${text}, or maybe the other way round.`;
  }
  // Swap the words as written ("Robespierre", not the key term's lower-case form).
  const pattern = new RegExp(`\\b(${escapeRegExp(first)}|${escapeRegExp(last)})\\b`, 'gi');
  const written = (term: string) =>
    text.match(new RegExp(`\\b${escapeRegExp(term)}\\b`, 'i'))?.[0] ?? term;
  const [firstWritten, lastWritten] = [written(first), written(last)];
  const swapped = text.replace(pattern, (word) =>
    word.toLowerCase() === first.toLowerCase() ? lastWritten : firstWritten,
  );
  return `${swapped.charAt(0).toUpperCase()}${swapped.slice(1)}.`;
}

const QUESTION_FRAMES = [
  (a: string, b: string) => `Is it something about ${a} and ${b}?`,
  (a: string, b: string) => `Does ${a} have to do with ${b}`,
  (a: string, b: string) => `what is the link between ${a} and ${b}`,
  (a: string, b: string) => `Could you remind me how ${a} relates to ${b}?`,
];

/** A learner question that uses the point's words without stating it. */
export function questionAnswer(point: RecallPoint, random: () => number): string {
  const words = termWords(point);
  const a = words[0] ?? 'this';
  const b = words[1] ?? words[0] ?? 'that';
  return pick(QUESTION_FRAMES, random)(a, b);
}

const BLANKS = [
  "I don't remember.",
  'No idea, sorry.',
  "I can't recall that one.",
  'I have forgotten it.',
  'Nothing comes to mind.',
];

/** A learner who recalls nothing. */
export function blankAnswer(random: () => number): string {
  return pick(BLANKS, random);
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
