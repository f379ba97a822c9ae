import type { PointObservation } from '../session/session-state';
import { findTagText, findTags, tag, textTag, unescapeTagText } from './tagged-text';

/** What the tutor must write this turn. */
export type TutorTask = 'opening' | 'recap' | 'reply';

/** A point as the notes show it. */
export interface NotePoint {
  id: string;
  content: string;
}

/** The per-turn facts the tutor gets inside `<session_notes>` at the end of the user turn. */
export interface TutorNotes {
  task: TutorTask;
  /** The point to probe now; null when every point is recalled. */
  focus: (NotePoint & { context: string; failedAttempts: number; nearMisses: number }) | null;
  /** Other pending points, in checklist order. */
  unchecked: NotePoint[];
  recalled: NotePoint[];
  /** What the previous recall-mode answer achieved. */
  observations: PointObservation[];
}

/** Unchecked points are shortened to this many characters. */
export const UNCHECKED_POINT_LENGTH = 100;

const TASKS: Record<TutorTask, string> = {
  opening: 'Open the session: ask one broad, open question about the focus point.',
  recap:
    'The user is back after a break. In 2-3 sentences, say in one sentence what they have recalled so far, then ask about the focus point. Do not ask a new opening question.',
  reply: "Reply to the user's message above with your next question or hint.",
};

const ALL_RECALLED_TASK =
  'Every point is recalled. If the user keeps talking, answer briefly and ask a short question that deepens a recalled point.';

/**
 * Renders the tagged section appended to the tutor's final user message. The same tags
 * are parsed back by {@link parseTutorNotes} (the offline adapter reads them).
 */
export function renderTutorNotes(notes: TutorNotes): string {
  const parts: string[] = [];
  if (notes.focus !== null) {
    const focus = notes.focus;
    parts.push(
      tag(
        'focus_point',
        `\n${[
          textTag('content', focus.content),
          textTag('context', focus.context, { do_not_reveal: 'true' }),
          textTag('failed_attempts', String(focus.failedAttempts)),
          textTag('near_misses', String(focus.nearMisses)),
        ].join('\n')}\n`,
        { id: focus.id },
      ),
    );
  }
  parts.push(pointList('unchecked_points', notes.unchecked, UNCHECKED_POINT_LENGTH));
  parts.push(pointList('recalled_points', notes.recalled));
  if (notes.observations.length > 0) {
    const lines = notes.observations.map((observation) =>
      observation.kind === 'recalled'
        ? tag('recalled', '', { point: observation.pointId })
        : textTag('near_miss', observation.feedback, { point: observation.pointId }),
    );
    parts.push(tag('observations', `\n${lines.join('\n')}\n`));
  }
  const task =
    notes.focus === null && notes.task === 'reply' ? ALL_RECALLED_TASK : TASKS[notes.task];
  parts.push(textTag('task', task, { kind: notes.task }));
  return tag('session_notes', `\n${parts.join('\n')}\n`);
}

function pointList(name: string, points: readonly NotePoint[], maxLength?: number): string {
  const lines = points.map((point) =>
    textTag('point', maxLength === undefined ? point.content : shorten(point.content, maxLength), {
      id: point.id,
    }),
  );
  return tag(name, lines.length === 0 ? '' : `\n${lines.join('\n')}\n`);
}

function shorten(text: string, maxLength: number): string {
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}

/** Appends the notes to the user's words, forming the tutor's final user message. */
export function withTutorNotes(userText: string, notes: TutorNotes): string {
  return `${userText}\n\n${renderTutorNotes(notes)}`;
}

/** The user's words before the notes (the whole text when there are none). */
export function stripTutorNotes(text: string): string {
  const start = text.indexOf('<session_notes>');
  return start === -1 ? text : text.slice(0, start).trimEnd();
}

/** Parses the notes back out of a user message; null when it carries none. */
export function parseTutorNotes(text: string): TutorNotes | null {
  const sessionNotes = findTags(text, 'session_notes')[0];
  if (sessionNotes === undefined) return null;
  const body = sessionNotes.body;
  const focusElement = findTags(body, 'focus_point')[0];
  const taskElement = findTags(body, 'task')[0];
  const task = taskElement?.attributes.kind;
  const readList = (name: string): NotePoint[] => {
    const list = findTags(body, name)[0];
    return list === undefined
      ? []
      : findTags(list.body, 'point').map((point) => ({
          id: point.attributes.id ?? '',
          content: unescapeTagText(point.body),
        }));
  };
  const observationsBody = findTags(body, 'observations')[0]?.body ?? '';
  const observations: PointObservation[] = [
    ...findTags(observationsBody, 'recalled').map((element) => ({
      pointId: element.attributes.point ?? '',
      kind: 'recalled' as const,
    })),
    ...findTags(observationsBody, 'near_miss').map((element) => ({
      pointId: element.attributes.point ?? '',
      kind: 'near_miss' as const,
      feedback: unescapeTagText(element.body),
    })),
  ];
  return {
    task: task === 'opening' || task === 'recap' ? task : 'reply',
    focus:
      focusElement === undefined
        ? null
        : {
            id: focusElement.attributes.id ?? '',
            content: findTagText(focusElement.body, 'content') ?? '',
            context: findTagText(focusElement.body, 'context') ?? '',
            failedAttempts: Number(findTagText(focusElement.body, 'failed_attempts') ?? 0),
            nearMisses: Number(findTagText(focusElement.body, 'near_misses') ?? 0),
          },
    unchecked: readList('unchecked_points'),
    recalled: readList('recalled_points'),
    observations,
  };
}
