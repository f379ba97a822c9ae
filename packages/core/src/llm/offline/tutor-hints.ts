// The offline tutor's questions about one point, broad to narrow: an anchor on a clue from
// its context, a clue per miss, a narrower clue with a question about one missing aspect, then
// partial answers with the key words blanked. Clues come from the context, never the content.

import { splitSentences, normalizeText } from '../../text/lexical';
import { aspectWording, missingAspects } from '../../text/missing-aspects';
import { clozeOf } from './tutor-clues';
import * as phrasing from './tutor-phrasing';
import type { LearnerWords, PointMaterial, Scene } from './tutor-scene';

/** Share of the answer's weight each partial answer hides, from the third miss on. */
const CLOZE_SHARES = [0.6, 0.4, 0.2];

/** The question for `material` after `misses` misses on it. */
export function hint(
  scene: Scene,
  material: PointMaterial,
  options: { words: LearnerWords; misses: number },
): string[] {
  const { clues } = material;
  const question = aspectQuestion(scene, material, options.words);
  if (options.misses <= 0) return phrasing.anchorQuestions(scene.setName, clues[0]);
  // The anchor question used the first clue: with no second one, ask about an aspect.
  if (options.misses === 1) return phrasing.clueHints(clues[1], question);
  // Never the clue of the previous hint: a third one, else the anchor's, two turns back.
  if (options.misses === 2) return phrasing.narrowHints(clues[2] ?? clues[0], question);
  const share = CLOZE_SHARES[Math.min(options.misses - 3, CLOZE_SHARES.length - 1)]!;
  return phrasing.partialAnswers(
    clozeOf({
      content: material.point.content,
      terms: material.terms,
      share,
      said: options.words.all,
    }),
  );
}

/** After a near miss: a question about exactly the missing aspect (a clue after an earlier one). */
export function nearMiss(
  scene: Scene,
  material: PointMaterial,
  options: { words: LearnerWords; earlier: number },
): string[] {
  const clue =
    options.earlier > 0
      ? material.clues[Math.min(options.earlier, material.clues.length - 1)]
      : undefined;
  return phrasing.nearMissFollowUps(aspectQuestion(scene, material, options.words), clue);
}

/**
 * The question about the weightiest aspect the learner's words leave out — the next one when
 * the previous reply already asked it. Never an aspect the learner already answered.
 */
function aspectQuestion(scene: Scene, material: PointMaterial, words: LearnerWords): string {
  const questions = missingAspects({
    content: material.point.content,
    said: `${words.previous ?? ''} ${words.latest}`,
    weightOf: (stem) => material.terms.find((term) => term.stem === stem)?.weight ?? 1,
    limit: 3,
    order: 'weight',
  }).map((aspect) => aspectWording(aspect).question);
  return (
    questions.find((question) => !scene.previous?.includes(question)) ??
    questions[0] ??
    aspectWording('detail').question
  );
}

/**
 * The first variant, rotated by `offset`, that differs from the previous reply (and, when
 * possible, does not end with the same sentence) and never contains the content of a point
 * still to recall.
 */
export function pickReply(options: {
  candidates: readonly string[];
  previous: string | undefined;
  offset: number;
  /** Normalised contents of the points still to recall. */
  hidden: readonly string[];
  fallback: readonly string[];
}): string {
  const safe = (text: string) => {
    const normalized = normalizeText(text);
    return !options.hidden.some((content) => content !== '' && normalized.includes(content));
  };
  const rotate = (variants: readonly string[]) => {
    const start = variants.length === 0 ? 0 : options.offset % variants.length;
    return [...variants.slice(start), ...variants.slice(0, start)].filter(safe);
  };
  const candidates = rotate(options.candidates);
  const fallback = rotate(options.fallback);
  const lastSentence = (text: string | undefined) =>
    text === undefined ? undefined : splitSentences(text).at(-1);
  const fresh = (text: string) => text !== options.previous;
  return (
    candidates.find(
      (text) => fresh(text) && lastSentence(text) !== lastSentence(options.previous),
    ) ??
    candidates.find(fresh) ??
    fallback.find(fresh) ??
    candidates[0] ??
    fallback[0] ??
    'Right.'
  );
}
