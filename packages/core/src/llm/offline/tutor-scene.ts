// What the offline tutor knows when it writes a reply: the points by role (focus, other
// pending, recalled) with their weighted terms, and the learner's words so far.

import { isEngineCue } from '../../prompts/conversation-cues';
import { type TutorNotes, stripTutorNotes } from '../../prompts/tutor-notes';
import type { TutorPromptPoint } from '../../prompts/tutor-system-prompt';
import type { LLMMessage } from '../llm-adapter';
import { type JudgedPoints, type WeightedTerm, readPoints, weighTerms } from './lexical-judge';

/** A point with what the tutor needs to ask about it. */
export interface PointMaterial {
  point: TutorPromptPoint;
  /** The content's terms, weighted by how specific they are to this point. */
  terms: readonly WeightedTerm[];
}

/** The points of the turn and the tutor's previous reply. */
export interface Scene {
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
  /** Every earlier tutor reply: a further hint shows at most one key term more than they did. */
  earlier: readonly string[];
}

/** Builds the scene from the system prompt's points and the turn's notes. */
export function createScene(options: {
  points: readonly TutorPromptPoint[];
  notes: TutorNotes | null;
  setName: string;
  previous: string | undefined;
  earlier?: readonly string[];
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
  const material = (point: TutorPromptPoint, terms: readonly WeightedTerm[]): PointMaterial => ({
    point,
    terms,
  });
  const judged = readPoints(pending.map((point) => point.content));
  return {
    judged,
    setName: options.setName,
    previous: options.previous,
    earlier: options.earlier ?? [],
    pending: pending.map((point, index) => material(point, judged.weighted[index]!)),
    hasFocus: focus.length > 0,
    recalled: lookup(notes?.recalled ?? []).map((point) =>
      material(point, weighTerms([point.content])[0]!),
    ),
  };
}

/** What the learner said: the latest message, the one before, and everything so far. */
export interface LearnerWords {
  latest: string;
  previous: string | undefined;
  all: string;
}

/**
 * The learner's own messages: the engine's notes and its cues (opening, resume, return from a
 * rabbit hole — see `isEngineCue`) are left out, so a cue is never judged as an answer.
 */
export function learnerWords(messages: readonly LLMMessage[]): LearnerWords {
  const said = messages
    .filter((message) => message.role === 'user')
    .map((message) => stripTutorNotes(message.content))
    .filter((content) => content !== '' && !isEngineCue(content));
  return { latest: said.at(-1) ?? '', previous: said.at(-2), all: said.join('\n') };
}
