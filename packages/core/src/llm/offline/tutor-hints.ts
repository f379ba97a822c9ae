// The offline tutor's questions about one point, broad to narrow, in step with the engine's
// probe wrap (three failed attempts, then the focus moves on and comes back after the others):
// an anchor on a clue from its context, a narrower clue with a question about one missing
// aspect, then partial answers with the key words blanked. Clues come from the context, never
// the content.

import { normalizeText, splitSentences } from '../../text/lexical';
import { ATTEMPTS_BEFORE_WRAP } from '../../session/checklist';
import { aspectWording, missingAspects } from '../../text/missing-aspects';
import { clozeOf } from './tutor-clues';
import * as phrasing from './tutor-phrasing';
import type { LearnerWords, PointMaterial, Scene } from './tutor-scene';

/** Share of the answer's weight each partial answer hides, from the second miss on. */
const CLOZE_SHARES = [0.6, 0.4, 0.2];

/**
 * The question for `material` after `misses` misses on it: the anchor (none), a narrower clue
 * (one), then partial answers that hide less each time (two and more). The engine sets the
 * point aside at the third miss, so the learner meets the first partial answer before that.
 */
export function hint(
  scene: Scene,
  material: PointMaterial,
  options: { words: LearnerWords; misses: number },
): string[] {
  const { clues } = material;
  if (options.misses <= 0) return phrasing.anchorQuestions(scene.setName, clues[0]);
  if (options.misses === 1) {
    // The anchor used the first clue: a second one, else the first again with an aspect.
    if (clues[1] !== undefined) return phrasing.clueHints(clues[1]);
    return phrasing.narrowHints(
      clues[0],
      aspectQuestion(scene, material, options.words) ?? WRONG_AS_SAID_QUESTION,
    );
  }
  // One step less hidden per miss, not counting the misses that set the point aside.
  const level = options.misses - 2 - Math.floor((options.misses - 1) / ATTEMPTS_BEFORE_WRAP);
  const share = CLOZE_SHARES[Math.min(level, CLOZE_SHARES.length - 1)]!;
  return phrasing.partialAnswers(
    clozeOf({
      content: material.point.content,
      terms: material.terms,
      share,
      said: options.words.all,
      // Each further hint shows at most one key term more than the one before (the cue shows
      // none), and never more than half of them.
      maxShownTerms: Math.min(Math.floor(material.terms.length / 2), level + 1),
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
  return phrasing.nearMissFollowUps(
    aspectQuestion(scene, material, options.words) ?? aspectWording('detail').question,
    clue,
  );
}

/**
 * After a miss whose words left no aspect out (a negated, swapped or otherwise wrong answer):
 * a nudge to reconsider, never "which detail is still missing?", which would tell the learner
 * the answer was right as far as it went.
 */
const WRONG_AS_SAID_QUESTION = 'Does it really go that way?';

/**
 * The question about the weightiest aspect the learner's words leave out — the next one when
 * the previous reply already asked it. Never an aspect the learner already answered; undefined
 * when the learner's words leave none out.
 */
function aspectQuestion(
  scene: Scene,
  material: PointMaterial,
  words: LearnerWords,
): string | undefined {
  const questions = missingAspects({
    content: material.point.content,
    said: `${words.previous ?? ''} ${words.latest}`,
    weightOf: (stem) => material.terms.find((term) => term.stem === stem)?.weight ?? 1,
    limit: 3,
    order: 'weight',
  }).map((aspect) => aspectWording(aspect).question);
  return questions.find((question) => !scene.previous?.includes(question)) ?? questions[0];
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
