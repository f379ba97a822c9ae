// What the offline tutor knows when it writes a reply: the points by role (focus, other
// pending, recalled) with their clues, and the learner's words so far.

import { isEngineCue } from '../../session/turn-rules';
import { type TutorNotes, stripTutorNotes } from '../../prompts/tutor-notes';
import type { TutorPromptPoint } from '../../prompts/tutor-system-prompt';
import type { LLMMessage } from '../llm-adapter';
import { type JudgedPoints, type WeightedTerm, readPoints, weighTerms } from './lexical-judge';
import { hasStem, isGenericTerm, keyTerms } from '../../text/lexical';

/** A point with what the tutor needs to ask about it. */
export interface PointMaterial {
  point: TutorPromptPoint;
  terms: readonly WeightedTerm[];
  /** Least revealing first. */
  clues: string[];
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
}

/** Builds the scene from the system prompt's points and the turn's notes. */
export function createScene(options: {
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
  const material = (point: TutorPromptPoint, terms: readonly WeightedTerm[]): PointMaterial => ({
    point,
    terms,
    // The point's context is never read out (it often states the answer): the one clue is a
    // cue of at most a third of the content's key terms, in their order ("ATP synthase").
    clues: cueOf(point.content, namingStems(point, terms)),
  });
  // The engine tells which point a question asks by the key terms it shares with each pending
  // point's content and context: a cue names a term no other pending point has in either.
  const namingStems = (point: TutorPromptPoint, terms: readonly WeightedTerm[]): string[] => {
    const others = keyTerms(
      pending
        .filter((other) => other !== point)
        .map((other) => `${other.content} ${other.context}`)
        .join(' '),
    ).map((term) => term.stem);
    const unique = keyTerms(point.content)
      .filter((term) => !isGenericTerm(term) && !hasStem(others, term.stem))
      .map((term) => term.stem);
    return unique.length > 0
      ? unique
      : terms.filter((term) => term.distinctive).map((term) => term.stem);
  };
  const judged = readPoints(pending.map((point) => point.content));
  return {
    judged,
    setName: options.setName,
    previous: options.previous,
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

/** The cue for a point: its first key term (one only this point has, when there is one), at most a third of them, as the content writes them. */
export function cueOf(content: string, distinctive: readonly string[] = []): string[] {
  const plain = keyTerms(content).filter((term) => !isGenericTerm(term));
  // A term only this point has names it best ("glycolysis", not "light").
  const terms = [
    ...plain.filter((term) => distinctive.includes(term.stem)),
    ...plain.filter((term) => !distinctive.includes(term.stem)),
  ];
  const count = Math.min(1, Math.floor(keyTerms(content).length / 3));
  if (count === 0 || terms.length === 0) return [];
  const words = terms.slice(0, count).map((term) => {
    const escaped = term.word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return (
      new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(content)?.[0] ??
      term.word
    );
  });
  return [words.join(' and ')];
}
