import { assertNever } from '../../internal/assert-never';
import { type TutorNotes, parseTutorNotes } from '../../prompts/tutor-notes';
import { parseTutorSystemPrompt } from '../../prompts/tutor-system-prompt';
import type { LLMMessage } from '../llm-adapter';
import { wrapsProbe } from '../../session/checklist';
import { saysCannotRecall } from '../../session/turn-rules';
import { fillCloze, isCloze, isLearnerQuestion, suppliesBlanks } from './credit-rules';
import { focusAttempted } from './focus-attempt';
import { keyTerms, normalizeText } from '../../text/lexical';
import { type PointJudgement, judgeAnswer } from './lexical-judge';
import { hint, nearMiss, pickReply } from './tutor-hints';
import * as phrasing from './tutor-phrasing';
import {
  type LearnerWords,
  type PointMaterial,
  type Scene,
  createScene,
  learnerWords,
} from './tutor-scene';

/**
 * Demo-grade Socratic tutor. It reads the points from the system prompt's labelled list and
 * the focus, the covered-focus branch and the task from the `<session_notes>` of the last user
 * turn, and checks the learner's latest words itself with the offline evaluator's rules (the
 * evaluator runs concurrently), so the same reply can react to them:
 *
 * - the focus is recalled: one neutral word ("Right.", "Yes.") and a question about the point
 *   the notes name next, or nothing more when it was the last one;
 * - a near miss: a question about exactly the missing aspect, never about one the learner
 *   answered; another point recalled: "Yes." and the focus question again;
 * - a miss on the focus (a wrong, negated or "I don't remember" answer): a narrower hint, broad
 *   to narrow, from a one-term cue to partial answers with the key words blanked; at the
 *   third failed attempt (the engine's probe wrap) no comment and no hint, but the question
 *   about the point the notes name next — the focus comes back after the others;
 * - back from a rabbit hole (`return`): the pending question again (the engine's cues are
 *   never read as the learner's words);
 * - every point recalled: a short answer to a question about a recalled point, never a new
 *   recall question.
 *
 * One question per reply at most. Wording rotates with the turn number and never repeats the
 * previous reply; nothing random, so a conversation replays identically.
 */
export function tutorReplyOffline(system: string, messages: readonly LLMMessage[]): string {
  const prompt = parseTutorSystemPrompt(system);
  const notes = parseTutorNotes(messages.at(-1)?.content ?? '');
  const replies = messages.filter((message) => message.role === 'assistant');
  // Every template uses the name mid-sentence: "about the Krebs cycle", not "about The …".
  const setName = (prompt.recallSetName || 'this topic').replace(/^The\b/, 'the');
  const previous = replies.at(-1)?.content;
  const scene = createScene({ points: prompt.points, notes, setName, previous });
  const candidates =
    notes === null
      ? phrasing.anchorQuestions(setName, undefined)
      : candidatesFor(scene, notes, learnerWords(messages));
  return pickReply({
    candidates,
    previous,
    offset: replies.length + setName.length,
    hidden: scene.pending.map((material) => normalizeText(material.point.content)),
    fallback: scene.hasFocus
      ? phrasing.anchorQuestions(setName, undefined)
      : phrasing.ACKNOWLEDGEMENTS,
  });
}

function candidatesFor(scene: Scene, notes: TutorNotes, words: LearnerWords): string[] {
  const focus = scene.hasFocus ? scene.pending[0] : undefined;
  switch (notes.task) {
    case 'recap':
      return phrasing.recapReplies({ setName: scene.setName, clue: focus?.clues[0] });
    case 'opening':
      return phrasing.openingQuestions(scene.setName, focus?.clues[0]);
    case 'return': {
      // No new learner message: the pending question, at the hint level it had reached.
      const misses = notes.focus?.failedAttempts ?? 0;
      const pending = focus === undefined ? [] : hint(scene, focus, { words, misses });
      return phrasing.returnReplies(scene.setName, pending);
    }
    case 'reply':
      if (focus === undefined || notes.focus === null) return answer(scene, words);
      return reply(scene, { notes, focus, words });
    default:
      return assertNever(notes.task, 'tutor task');
  }
}

function reply(
  scene: Scene,
  options: { notes: TutorNotes; focus: PointMaterial; words: LearnerWords },
): string[] {
  const { notes, focus, words } = options;
  const judgements = withGapFill(
    scene,
    words,
    judgeAnswer({ points: scene.judged, latest: words.latest, previous: words.previous }),
  );
  const verdict = judgements[0]!;
  if (verdict.recalled) return afterRecall(scene, notes, judgements);
  // "I don't remember" is a failed attempt on the point asked, for the engine as for us.
  const cannotRecall =
    !judgements.some((judgement) => judgement.recalled) && saysCannotRecall(words.latest);
  const attempted =
    cannotRecall ||
    focusAttempted({ judgements, focusIndex: 0, message: words.latest, terms: focus.terms });
  const failedBefore = notes.focus!.failedAttempts;
  const misses = failedBefore + (attempted ? 1 : 0);
  // When the engine sets the focus aside (probe wrap, `wrapsProbe`): no more hints on it for
  // now, and no comment on the answer — the question about the point named next.
  if (attempted && wrapsProbe({ failedBefore, cannotRecall })) {
    const next = nextOpen(scene, notes, judgements);
    if (next !== undefined) return phrasing.anchorQuestions(scene.setName, next.clues[0]);
  }
  // Recalling another point is progress, acknowledged; the focus question comes again.
  const progressed = judgements.some((judgement) => judgement.recalled);
  const acknowledge = (variants: readonly string[]) =>
    progressed ? phrasing.acknowledged(variants) : [...variants];
  if (verdict.nearMiss) {
    return acknowledge(nearMiss(scene, focus, { words, earlier: notes.focus!.nearMisses }));
  }
  const other = judgements.findIndex((judgement, index) => index > 0 && judgement.nearMiss);
  if (other !== -1 && !progressed) {
    return nearMiss(scene, scene.pending[other]!, { words, earlier: 0 });
  }
  return acknowledge(hint(scene, focus, { words, misses }));
}

/**
 * The focus is recalled: a neutral word, then a question about the point the notes name next
 * (or the next one still open when this same message recalled it too), or nothing more when
 * no point is left.
 */
function afterRecall(
  scene: Scene,
  notes: TutorNotes,
  judgements: readonly PointJudgement[],
): string[] {
  const next = notes.afterFocus?.kind === 'close' ? undefined : nextOpen(scene, notes, judgements);
  if (next === undefined) return [...phrasing.ACKNOWLEDGEMENTS];
  return phrasing.acknowledged(phrasing.anchorQuestions(scene.setName, next.clues[0]));
}

/**
 * The point to go to when leaving the focus: the one the notes name next, or the first open
 * one after it when the latest message recalled that one too; undefined when none is open or
 * the notes close the session's questions.
 */
function nextOpen(
  scene: Scene,
  notes: TutorNotes,
  judgements: readonly PointJudgement[],
): PointMaterial | undefined {
  if (notes.afterFocus?.kind !== 'next') return undefined;
  const named = notes.afterFocus.label;
  const open = scene.pending.filter((_, index) => index > 0 && !judgements[index]?.recalled);
  const start = Math.max(
    0,
    open.findIndex((material) => material.point.label === named),
  );
  return open[start];
}

/**
 * Every point is recalled: a short answer when the learner asks about a recalled point (its
 * content, which they have produced), otherwise a neutral word. No new recall question.
 */
function answer(scene: Scene, words: LearnerWords): string[] {
  const asked = /\?\s*$|^(why|how|what|when|where|which|who|can|could|is|are|does|do)\b/i.test(
    words.latest.trim(),
  );
  const said = new Set(keyTerms(words.latest).map((term) => term.stem));
  const best = scene.recalled
    .map((material) => ({
      material,
      score: material.terms.filter((term) => said.has(term.stem)).length,
    }))
    .sort((a, b) => b.score - a.score)[0];
  const content = best !== undefined && best.score >= 2 ? best.material.point.content : undefined;
  return phrasing.answerReplies({ setName: scene.setName, asked, content });
}

/**
 * The evaluator's gap-fill rule, so tutor and evaluator agree: after a cloze, the learner's
 * words that supply its blanked key terms are judged with the cloze (`fillCloze`).
 */
function withGapFill(
  scene: Scene,
  words: LearnerWords,
  judgements: PointJudgement[],
): PointJudgement[] {
  const cloze = scene.previous !== undefined && isCloze(scene.previous) ? scene.previous : null;
  if (cloze === null || isLearnerQuestion(words.latest)) return judgements;
  const filled = fillCloze(cloze, words.latest);
  if (filled === null) return judgements;
  const gaps = judgeAnswer({ points: scene.judged, latest: filled });
  return judgements.map((judgement, index) => {
    const gap = gaps[index];
    const content = scene.pending[index]?.point.content ?? '';
    return gap?.recalled && suppliesBlanks(content, cloze, words.latest) ? gap : judgement;
  });
}
