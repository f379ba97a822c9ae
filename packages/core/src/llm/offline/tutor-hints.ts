// The offline tutor's questions about one point, broad to narrow, in step with the engine's
// probe wrap: a cue naming at most a third of the point's key terms, then clozes that show at
// most one key term more per miss, never more than half of them. Hints are cut from the
// point's content, never its context; every reply is checked against every pending point.

import { shownKeyTerms } from '../../text/exposure';
import { type KeyTerm, hasStem, isGenericTerm, keyTerms, splitSentences } from '../../text/lexical';
import { aspectWording, missingAspects } from '../../text/missing-aspects';
import {
  CLOZE_SHARE,
  CUE_SHARE,
  clozeOf,
  cueWords,
  revealOrder,
  showsAtMost,
  termBudget,
} from './tutor-clues';
import * as phrasing from './tutor-phrasing';
import type { LearnerWords, PointMaterial, Scene } from './tutor-scene';

/** A hint's candidate wordings and the share of a pending point's key terms they may show. */
export interface HintVariants {
  texts: string[];
  share: number;
}

/** The contents of the points still to recall: what every reply is checked against. */
function pendingContents(scene: Scene): string[] {
  return scene.pending.map((material) => material.point.content);
}

/** The most key terms of `material` one earlier tutor reply showed (0: never shown). */
function shownBefore(scene: Scene, material: PointMaterial): number {
  const { content } = material.point;
  return Math.max(0, ...scene.earlier.map((reply) => shownKeyTerms(content, [reply]).length));
}

/** At most one key term more than the point's earlier hints showed, once it was shown. */
function stepCap(scene: Scene, material: PointMaterial): number {
  const before = shownBefore(scene, material);
  return before === 0 ? Number.POSITIVE_INFINITY : before + 1;
}

/**
 * The order a cue names `material`'s key terms in: one term no other pending point has in its
 * content or context first, so the cue says which point it asks about (one already shown if
 * there is one), then those earlier replies already showed (naming them again exposes nothing
 * new), then {@link revealOrder}.
 */
function cueOrder(scene: Scene, material: PointMaterial): KeyTerm[] {
  const { content } = material.point;
  const seen = new Set(shownKeyTerms(content, scene.earlier).map((term) => term.stem));
  const order = revealOrder(content, material.terms);
  const ranked = [
    ...order.filter((term) => seen.has(term.stem)),
    ...order.filter((term) => !seen.has(term.stem)),
  ];
  const others = keyTerms(
    scene.pending
      .filter((other) => other !== material)
      .map((other) => `${other.point.content} ${other.point.context}`)
      .join(' '),
  ).map((term) => term.stem);
  const distinctive =
    ranked.find((term) => !isGenericTerm(term) && !hasStem(others, term.stem)) ??
    ranked.find((term) =>
      material.terms.some(
        (weighted) => weighted.distinctive && hasStem([term.stem], weighted.stem),
      ),
    );
  return distinctive === undefined
    ? ranked
    : [distinctive, ...ranked.filter((term) => term !== distinctive)];
}

/**
 * How many key terms of `material` its cue names: as many as keep the point's exposure (what
 * every reply so far and the cue show) within a third — a cued recall still rates Good — or
 * add nothing to it, and show no other pending point more than a third of its key terms.
 */
function cueCount(scene: Scene, material: PointMaterial): number {
  const { content } = material.point;
  const order = cueOrder(scene, material);
  // One term below the cap (one at least): enough to say which point, little to give away.
  const third = termBudget(content, CUE_SHARE);
  const budget = Math.min(third === 0 ? 0 : Math.max(1, third - 1), stepCap(scene, material));
  const exposed = shownKeyTerms(content, scene.earlier).length;
  for (let count = budget; count > 0; count -= 1) {
    const words = cueWords(content, order, count).join(' ');
    const after = shownKeyTerms(content, [...scene.earlier, words]).length;
    // Naming terms already shown exposes nothing new, whatever the exposure is already.
    const withinExposure = after === exposed || after <= termBudget(content, CUE_SHARE);
    if (withinExposure && showsAtMost(words, pendingContents(scene), CUE_SHARE)) return count;
  }
  // Exposure already near a third: still one term, or the question would name no point at all.
  const one = cueWords(content, order, 1).join(' ');
  return budget > 0 && showsAtMost(one, pendingContents(scene), CUE_SHARE) ? 1 : 0;
}

/** The words a cue on `material` names ("reactions", "chloroplast"). */
function cueOf(scene: Scene, material: PointMaterial): string[] {
  const { content } = material.point;
  return cueWords(content, cueOrder(scene, material), cueCount(scene, material));
}

/** A broad question on `material`: the opening, a recap, or the move to a point not asked yet. */
export function cue(
  scene: Scene,
  material: PointMaterial | undefined,
  kind: 'opening' | 'recap' | 'anchor',
): HintVariants {
  const words = material === undefined ? [] : cueOf(scene, material);
  const texts =
    kind === 'opening'
      ? phrasing.openingQuestions(scene.setName, words)
      : kind === 'recap'
        ? phrasing.recapReplies(scene.setName, words)
        : phrasing.anchorQuestions(scene.setName, words);
  return { texts, share: CUE_SHARE };
}

/**
 * The question for `material` after `misses` failed attempts on it: the cue (none), then
 * clozes showing one key term more than the cue per miss, at most half of the point's.
 */
export function hint(scene: Scene, material: PointMaterial, misses: number): HintVariants {
  if (misses <= 0) return cue(scene, material, 'anchor');
  const { content } = material.point;
  // What the cue showed stays visible; the cloze adds the next term in the same order.
  const order = cueOrder(scene, material);
  const budget = Math.min(
    termBudget(content, CLOZE_SHARE),
    cueCount(scene, material) + misses,
    stepCap(scene, material),
  );
  for (let count = budget; count >= 0; count -= 1) {
    const shownStems = order.slice(0, count).map((term) => term.stem);
    const cloze = clozeOf({ content, shownStems });
    if (showsAtMost(cloze, pendingContents(scene), CLOZE_SHARE)) {
      return { texts: phrasing.partialAnswers(cloze), share: CLOZE_SHARE };
    }
  }
  return cue(scene, material, 'anchor');
}

/** After a near miss: a question about exactly the missing aspect, naming no key term. */
export function nearMiss(
  scene: Scene,
  material: PointMaterial,
  options: { words: LearnerWords },
): HintVariants {
  return {
    texts: phrasing.nearMissFollowUps(aspectQuestion(scene, material, options.words)),
    share: CUE_SHARE,
  };
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
 * possible, does not end with the same sentence) and shows no pending point more than the
 * hint's share of its key terms (`hidden`: the contents of the points still to recall).
 */
export function pickReply(options: {
  candidates: HintVariants;
  previous: string | undefined;
  offset: number;
  hidden: readonly string[];
  fallback: readonly string[];
}): string {
  const rotate = (variants: readonly string[], share: number) => {
    const start = variants.length === 0 ? 0 : options.offset % variants.length;
    return [...variants.slice(start), ...variants.slice(0, start)].filter((text) =>
      showsAtMost(text, options.hidden, share),
    );
  };
  const candidates = rotate(options.candidates.texts, options.candidates.share);
  const fallback = rotate(options.fallback, CUE_SHARE);
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
    phrasing.LAST_RESORT
  );
}
