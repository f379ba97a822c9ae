import { OPENING_CUE, RESUME_CUE } from '../../prompts/conversation-cues';
import { type TutorNotes, parseTutorNotes, stripTutorNotes } from '../../prompts/tutor-notes';
import { type TutorPromptPoint, parseTutorSystemPrompt } from '../../prompts/tutor-system-prompt';
import type { LLMMessage } from '../llm-adapter';
import { normalizeText, splitSentences } from './lexical';
import {
  type JudgedPoints,
  type PointJudgement,
  type WeightedTerm,
  judgeAnswer,
  readPoints,
  weighTerms,
} from './lexical-judge';
import { aspectWording, missingAspects } from './missing-aspects';
import { clozeOf, cluesFor, lowerCaseWords } from './tutor-clues';
import * as phrasing from './tutor-phrasing';

/** Share of the answer's weight each partial answer hides, from the third miss on. */
const CLOZE_SHARES = [0.6, 0.4, 0.2];

/**
 * Demo-grade Socratic tutor. It reads the points from the system prompt's labelled list and
 * the focus and progress from the `<session_notes>` of the last user turn, and checks the
 * learner's latest words itself with the offline evaluator's rules (the evaluator runs
 * concurrently), so it can move on, follow up on a near miss, or hint in the same turn.
 *
 * Broad to narrow on the focus point: a question anchored on the least revealing clue of its
 * context, then a clue per miss, then a narrower clue with a question about one missing
 * aspect, then from the third miss a partial answer with gaps (fewer gaps each time). Clues
 * come from the context, never the content. Wording rotates with the turn number and never
 * repeats the previous reply; nothing random, so a conversation replays identically.
 */
export function tutorReplyOffline(system: string, messages: readonly LLMMessage[]): string {
  const prompt = parseTutorSystemPrompt(system);
  const last = messages.at(-1)?.content ?? '';
  const notes = parseTutorNotes(last);
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
    contents: prompt.points.map((point) => normalizeText(point.content)),
    fallback: phrasing.anchorQuestions(setName, undefined),
  });
}

/** A point with what the tutor needs to ask about it. */
interface PointMaterial {
  point: TutorPromptPoint;
  terms: readonly WeightedTerm[];
  /** Least revealing first. */
  clues: string[];
}

interface Scene {
  setName: string;
  /** The pending points, read for judging the learner's words. */
  judged: JudgedPoints;
  /** Focus first, then the other pending points in checklist order. */
  pending: PointMaterial[];
  /** Whether `pending[0]` is the focus. */
  hasFocus: boolean;
  recalled: PointMaterial[];
  /** The tutor's previous reply, so a question is not asked twice in a row. */
  previous: string | undefined;
}

function createScene(options: {
  points: readonly TutorPromptPoint[];
  notes: TutorNotes | null;
  setName: string;
  previous: string | undefined;
}): Scene {
  const { points, notes } = options;
  const byLabel = new Map(points.map((point) => [point.label, point]));
  const lookup = (labels: readonly string[]) =>
    labels.flatMap((label) => {
      const point = byLabel.get(label);
      return point === undefined ? [] : [point];
    });
  const focus = notes?.focus ? lookup([notes.focus.label]) : [];
  const pending = [...focus, ...lookup(notes?.unchecked ?? [])];
  const lowerCase = lowerCaseWords(points.flatMap((point) => [point.content, point.context]));
  const material = (point: TutorPromptPoint, terms: readonly WeightedTerm[]): PointMaterial => ({
    point,
    terms,
    clues: cluesFor({ context: point.context, terms, content: point.content, lowerCase }),
  });
  const judged = readPoints(pending.map((point) => point.content));
  const weighted = judged.weighted;
  return {
    judged,
    setName: options.setName,
    previous: options.previous,
    pending: pending.map((point, index) => material(point, weighted[index]!)),
    hasFocus: focus.length > 0,
    recalled: lookup(notes?.recalled ?? []).map((point) =>
      material(point, weighTerms([point.content])[0]!),
    ),
  };
}

/** What the learner said: the latest message, the one before, and everything so far. */
interface LearnerWords {
  latest: string;
  previous: string | undefined;
  all: string;
}

function learnerWords(messages: readonly LLMMessage[]): LearnerWords {
  const said = messages
    .filter((message) => message.role === 'user')
    .map((message) => stripTutorNotes(message.content))
    .filter((content) => content !== OPENING_CUE && content !== RESUME_CUE);
  return { latest: said.at(-1) ?? '', previous: said.at(-2), all: said.join('\n') };
}

function candidatesFor(scene: Scene, notes: TutorNotes, words: LearnerWords): string[] {
  const focus = scene.hasFocus ? scene.pending[0] : undefined;
  if (notes.task === 'recap') {
    return phrasing.recapReplies({
      setName: scene.setName,
      recalled: notes.recalled.length,
      total: notes.recalled.length + scene.pending.length,
      clue: focus?.clues[0],
    });
  }
  if (notes.task === 'opening') {
    return focus === undefined
      ? phrasing.openingQuestions(scene.setName, undefined)
      : phrasing.openingQuestions(scene.setName, focus.clues[0]);
  }
  if (focus === undefined || notes.focus === null) return deepen(scene, 0);
  const judgements = judgeAnswer({
    points: scene.judged,
    latest: words.latest,
    previous: words.previous,
  });
  const verdict = judgements[0]!;
  if (verdict.recalled) {
    const next = nextFocus(scene, notes.focus.label, judgements);
    return next === undefined
      ? deepen(scene, judgements.filter((judgement) => judgement.recalled).length)
      : phrasing.anchorQuestions(scene.setName, next.clues[0]);
  }
  if (verdict.nearMiss) return nearMiss(scene, focus, { words, earlier: notes.focus.nearMisses });
  const other = judgements.findIndex((judgement, index) => index > 0 && judgement.nearMiss);
  if (other !== -1) return nearMiss(scene, scene.pending[other]!, { words, earlier: 0 });
  // Recalling another point is progress, not a miss on the focus: no narrower hint yet.
  const progressed = judgements.some((judgement) => judgement.recalled);
  return hint(scene, focus, {
    words,
    misses: notes.focus.failedAttempts + (progressed ? 0 : 1),
  });
}

/** Broad to narrow: anchor, clue, narrower clue + aspect question, then partial answers. */
function hint(
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

function nearMiss(
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

function deepen(scene: Scene, seed: number): string[] {
  const material = scene.recalled[seed % Math.max(1, scene.recalled.length)];
  return phrasing.deepeningQuestions(scene.setName, material?.clues[0]);
}

/**
 * The question about the weightiest aspect the learner's words leave out — the next one when
 * the previous reply already asked it.
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
 * The point the engine focuses next: the first pending point after the recalled focus in
 * label (position) order, wrapping, skipping any the same message recalled.
 */
function nextFocus(
  scene: Scene,
  focusLabel: string,
  judgements: readonly PointJudgement[],
): PointMaterial | undefined {
  const number = (label: string) => Number(label.replace(/\D/g, ''));
  const open = scene.pending.filter((_, index) => index > 0 && !judgements[index]?.recalled);
  return open.find((material) => number(material.point.label) > number(focusLabel)) ?? open[0];
}

/**
 * The first variant, rotated by `offset`, that differs from the previous reply (and, when
 * possible, does not end with the same question) and never contains a point's content.
 */
function pickReply(options: {
  candidates: readonly string[];
  previous: string | undefined;
  offset: number;
  /** Normalised contents of every point. */
  contents: readonly string[];
  fallback: readonly string[];
}): string {
  const safe = (text: string) => {
    const normalized = normalizeText(text);
    return !options.contents.some((content) => content !== '' && normalized.includes(content));
  };
  const rotate = (variants: readonly string[]) => {
    const start = variants.length === 0 ? 0 : options.offset % variants.length;
    return [...variants.slice(start), ...variants.slice(0, start)].filter(safe);
  };
  const candidates = rotate(options.candidates);
  const fallback = rotate(options.fallback);
  const lastQuestion = (text: string | undefined) =>
    text === undefined ? undefined : splitSentences(text).at(-1);
  const fresh = (text: string) => text !== options.previous;
  return (
    candidates.find(
      (text) => fresh(text) && lastQuestion(text) !== lastQuestion(options.previous),
    ) ??
    candidates.find(fresh) ??
    fallback.find(fresh) ??
    'What else comes to mind?'
  );
}
