// The passive voice turned active, so "B cells make antibodies" and "antibodies are made by B
// cells" line up word for word when an answer is compared with a point.

import { PREPOSITIONS, type SentenceWord } from './sentence-structure';
import { isIrregularVerbForm } from './word-forms';

const BE_WORDS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'get', 'gets', 'got']);
// Words before a past form that make it active: a perfect ("could have earned by working",
// also misspelt "could of") or a subject pronoun ("you earned it by working").
const ACTIVE_BEFORE = new Set('have has had of i you we they he she'.split(' '));
const PHRASE_ENDS = new Set(['that', 'which', 'who', 'whom', 'whose', 'where', 'when']);

/**
 * The clause's words in active-voice order: "X is caused by Y on Z" → "Y caused X on Z",
 * "proteins made by B cells" → "B cells made proteins", and without an agent "X is stored in
 * Y" → "stored X in Y". Other clauses are unchanged.
 */
export function activeOrder(clause: readonly SentenceWord[]): SentenceWord[] {
  // "proteins made by B cells": a participle right before "by".
  const reduced = clause.findIndex(
    (word, index) =>
      isParticiple(word.text) &&
      clause[index + 1]?.text === 'by' &&
      !ACTIVE_BEFORE.has(clause[index - 1]?.text ?? ''),
  );
  // "light is focused onto the retina by the lens": a form of "be" (an adverb may follow),
  // a participle, and "by" later in the clause.
  const auxiliary = clause.findIndex(
    (word, index) =>
      BE_WORDS.has(word.text) &&
      (isParticiple(clause[index + 1]?.text ?? '') ||
        (isAdverbWord(clause[index + 1]?.text ?? '') &&
          isParticiple(clause[index + 2]?.text ?? ''))),
  );
  const verb =
    auxiliary !== -1 ? auxiliary + (isParticiple(clause[auxiliary + 1]!.text) ? 1 : 2) : reduced;
  if (verb === -1) return [...clause];
  const by = clause.findIndex((word, index) => index > verb && word.text === 'by');
  if (by === -1) {
    // No agent ("most nutrients are absorbed through the villi"): the subject is what the verb
    // acts on, so it follows the verb as an object would ("… absorb most nutrients …"), and a
    // sentence that names the agent in front lines up with it.
    if (auxiliary === -1 || auxiliary >= verb) return [...clause];
    return [
      ...clause.slice(auxiliary + 1, verb),
      clause[verb]!,
      ...clause.slice(0, auxiliary),
      ...clause.slice(verb + 1),
    ];
  }
  let agentEnd = by + 1;
  while (
    agentEnd < clause.length &&
    !PREPOSITIONS.has(clause[agentEnd]!.text) &&
    !PHRASE_ENDS.has(clause[agentEnd]!.text)
  ) {
    agentEnd += 1;
  }
  const agent = clause.slice(by + 1, agentEnd);
  if (!agent.some((word) => !word.stop)) return [...clause];
  // The auxiliary ("are caused") goes; a subject without one ("proteins made by") stays.
  const subjectEnd = auxiliary !== -1 && auxiliary < verb ? auxiliary : verb;
  return [
    ...agent,
    clause[verb]!,
    ...clause.slice(subjectEnd + 1, verb),
    ...clause.slice(0, subjectEnd),
    ...clause.slice(verb + 1, by),
    ...clause.slice(agentEnd),
  ];
}

function isAdverbWord(word: string): boolean {
  return word.length >= 5 && word.endsWith('ly');
}

function isParticiple(word: string): boolean {
  if (word.length > 4 && /(ed|en)$/.test(word)) return true;
  return isIrregularVerbForm(word);
}
