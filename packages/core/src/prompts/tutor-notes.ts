// The tutor's per-turn notes: their shape, and reading them back out of a request (the offline
// model and tests do). They are written by `renderTutorNotes` in `turn-requests.ts`.
import { findTags, unescapeTagText } from './tagged-text';

/**
 * What the tutor must write this turn: `opening` (first question), `recap` (back after a
 * pause), `reply` (answer the learner's latest message), `return` (the learner just came back
 * from a rabbit hole: bring them back and re-ask the pending question, no learner message).
 */
export type TutorTask = 'opening' | 'recap' | 'reply' | 'return';

/**
 * What the tutor does when the learner's latest message covers the focus point: one neutral
 * acknowledgement, then a question about the point `label` (`next`), or no new question
 * because it was the last unchecked point (`close`).
 */
export type AfterFocus = { kind: 'next'; label: string } | { kind: 'close' };

/** What the evaluator observed about one point, by the point's label. */
export type TutorObservation =
  | { label: string; kind: 'recalled' }
  | { label: string; kind: 'near_miss'; missing: string };

/**
 * The per-turn facts the tutor gets inside `<session_notes>` at the end of the user turn.
 * Points are named by the labels of the system prompt's point list, which holds their
 * content and context, so the notes stay a few hundred bytes whatever the points say.
 */
export interface TutorNotes {
  task: TutorTask;
  /**
   * The point the learner's latest message answers and the tutor probes; null when every
   * point is recalled. `failedAttempts` and `nearMisses` count the learner's earlier answers.
   */
  focus: { label: string; failedAttempts: number; nearMisses: number } | null;
  /**
   * The branch for a latest message that covers the focus (the tutor judges that itself; the
   * evaluator, concurrently, decides what is credited). Null when there is no focus or when the
   * task answers no learner message (`opening`, `recap`, `return`).
   */
  afterFocus: AfterFocus | null;
  /** Labels of the other pending points, in probe order (the order the tutor takes them). */
  unchecked: string[];
  /** Labels of the recalled points, in order of recall. */
  recalled: string[];
  /** What the previous recall-mode answer achieved. */
  observations: TutorObservation[];
}

/** The user's words before the notes (the whole text when there are none). */
export function stripTutorNotes(text: string): string {
  // The engine's notes come last: anything earlier that looks like them is the user's.
  const start = text.lastIndexOf('<session_notes>');
  return start === -1 ? text : text.slice(0, start).trimEnd();
}

/** Parses the notes back out of a user message; null when it carries none. */
export function parseTutorNotes(text: string): TutorNotes | null {
  const sessionNotes = findTags(text, 'session_notes').at(-1);
  if (sessionNotes === undefined) return null;
  const body = sessionNotes.body;
  const focus = findTags(body, 'focus')[0]?.attributes;
  const task = findTags(body, 'task')[0]?.attributes.kind;
  const coveredNext = findTags(body, 'if_focus_covered')[0]?.attributes.next;
  const readLabels = (name: string): string[] =>
    unescapeTagText(findTags(body, name)[0]?.body ?? '')
      .split(',')
      .map((label) => label.trim())
      .filter((label) => label !== '');
  const observationsBody = findTags(body, 'observations')[0]?.body ?? '';
  const observations: TutorObservation[] = [
    ...findTags(observationsBody, 'recalled').map((element) => ({
      label: element.attributes.point ?? '',
      kind: 'recalled' as const,
    })),
    ...findTags(observationsBody, 'near_miss').map((element) => ({
      label: element.attributes.point ?? '',
      kind: 'near_miss' as const,
      missing: unescapeTagText(element.body),
    })),
  ];
  return {
    task: task === 'opening' || task === 'recap' || task === 'return' ? task : 'reply',
    focus:
      focus === undefined
        ? null
        : {
            label: focus.point ?? '',
            failedAttempts: Number(focus.failed_attempts ?? 0),
            nearMisses: Number(focus.near_misses ?? 0),
          },
    afterFocus:
      coveredNext === undefined || focus === undefined
        ? null
        : coveredNext === 'close'
          ? { kind: 'close' }
          : { kind: 'next', label: coveredNext },
    unchecked: readLabels('unchecked_points'),
    recalled: readLabels('recalled_points'),
    observations,
  };
}
