import type { LLMMessage } from '../llm/llm-adapter';
import type { RecallSet } from '../model/recall-set';
import { pendingAfter } from '../session/turn-rules';
import type { EngineSessionState } from '../session/session-state';
import { findTags, neutralizeTags, tag, textTag, unescapeTagText } from './tagged-text';
import { type LabelledPoint, renderTutorSystemPrompt } from './tutor-system-prompt';

/** Options for {@link buildTutorRequest}. */
export interface TutorRequestOptions {
  recallSet: RecallSet;
  state: EngineSessionState;
  task: TutorTask;
}

/**
 * The tutor call for the current state: the stable system prompt, the stored history
 * (learner words and tutor replies only, so it is a stable cacheable prefix), and the
 * final user message with this turn's short `<session_notes>` appended (point labels only;
 * the points themselves are in the system prompt). The learner's words only ever appear in
 * user turns, with every `<` neutralised ({@link neutralizeTags}).
 */
export function buildTutorRequest(options: TutorRequestOptions): {
  system: string;
  messages: LLMMessage[];
} {
  // The learner's words can hold tag-like text: neutralised in every user turn (the same
  // way each time, so the prefix stays cacheable) so they cannot fake or end the notes.
  const messages = mergeConsecutiveRoles(options.state.tutorMessages).map((message) =>
    message.role === 'user' ? { ...message, content: neutralizeTags(message.content) } : message,
  );
  const last = messages.at(-1);
  const notes = buildTutorNotes(options);
  if (last === undefined || last.role !== 'user') {
    messages.push({ role: 'user', content: withTutorNotes('', notes).trimStart() });
  } else {
    messages[messages.length - 1] = { role: 'user', content: withTutorNotes(last.content, notes) };
  }
  return { system: buildTutorSystemPrompt(options.recallSet), messages };
}

/**
 * The tutor's system prompt: identical for every turn of a session (and cacheable) unless the
 * recall set itself changes. The set's points are stable, so they are listed here once, by
 * label, with their context marked "do not reveal"; which of them is the focus, which are
 * unchecked and which are recalled changes per turn and travels in the user turn's
 * `<session_notes>` (see `renderTutorNotes`). Sections: role → method → tone and style →
 * session notes → recall set (name, description, resource titles) → recall points →
 * supplementary guidelines (delimited, omitted when blank) → the UI-handled block.
 */
export function buildTutorSystemPrompt(recallSet: RecallSet): string {
  // Storages hand out frozen sets, the same object until the set is saved again: built once.
  if (!Object.isFrozen(recallSet) || !Object.isFrozen(recallSet.points)) {
    return renderTutorSystemPrompt(recallSet, labelPoints(recallSet));
  }
  let prompt = systemPrompts.get(recallSet);
  if (prompt === undefined) {
    prompt = renderTutorSystemPrompt(recallSet, labelPoints(recallSet));
    systemPrompts.set(recallSet, prompt);
  }
  return prompt;
}

/** System prompts of frozen recall sets, held as long as their set. */
const systemPrompts = new WeakMap<RecallSet, string>();

// Prompts name points by short labels (P1, P2, …) instead of their ids: the labels follow the
// set's position order, so they stay the same from turn to turn unless the set itself changes,
// and they cost a few bytes in the per-turn notes where a UUID costs 36.

/** The set's points in position order, labelled `P1`…`Pn`. */
export function labelPoints(recallSet: RecallSet): LabelledPoint[] {
  return [...recallSet.points]
    .sort((a, b) => a.position - b.position)
    .map((point, index) => ({ label: `P${index + 1}`, point }));
}

/** Point id → label, for the set's current points. */
export function pointLabelsById(recallSet: RecallSet): Map<string, string> {
  return new Map(labelPoints(recallSet).map(({ label, point }) => [point.id, label]));
}

/**
 * The per-turn notes, by point label: the focus with its miss counts, the branch for an answer
 * that covers it (only when the task answers a learner message), the other unchecked points in
 * probe order, the recalled points and the evaluator's observations of the previous answer.
 * Points no longer in the set are left out.
 */
export function buildTutorNotes(options: TutorRequestOptions): TutorNotes {
  const { state, recallSet } = options;
  const labels = pointLabelsById(recallSet);
  const labelOf = (pointId: string): string[] => {
    const label = labels.get(pointId);
    return label === undefined ? [] : [label];
  };
  const focusId = state.focusPointId;
  const focusLabel = focusId === null ? undefined : labels.get(focusId);
  const progress = focusId === null ? undefined : state.pointProgress[focusId];
  const others = focusId === null ? [] : pendingAfter(state, focusId).flatMap(labelOf);
  return {
    task: options.task,
    afterFocus:
      focusLabel === undefined || options.task !== 'reply'
        ? null
        : others[0] === undefined
          ? { kind: 'close' }
          : { kind: 'next', label: others[0] },
    focus:
      focusLabel === undefined
        ? null
        : {
            label: focusLabel,
            failedAttempts: progress?.failedAttempts ?? 0,
            nearMisses: progress?.nearMisses ?? 0,
          },
    unchecked: others,
    recalled: state.recalledPointIds.flatMap(labelOf),
    observations: state.tutorNotes.flatMap((observation): TutorObservation[] =>
      labelOf(observation.pointId).map((label) =>
        observation.kind === 'recalled'
          ? { label, kind: 'recalled' }
          : { label, kind: 'near_miss', missing: observation.feedback },
      ),
    ),
  };
}

/** Joins runs of same-role messages (e.g. after a failed reply) so roles alternate. */
export function mergeConsecutiveRoles(messages: readonly LLMMessage[]): LLMMessage[] {
  const merged: LLMMessage[] = [];
  for (const message of messages) {
    const previous = merged.at(-1);
    if (previous !== undefined && previous.role === message.role) {
      merged[merged.length - 1] = {
        role: message.role,
        content: `${previous.content}\n\n${message.content}`,
      };
    } else {
      merged.push({ ...message });
    }
  }
  return merged;
}

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

/**
 * Renders the tagged section appended to the tutor's final user message. The same tags
 * are parsed back by {@link parseTutorNotes} (the offline adapter reads them).
 */
export function renderTutorNotes(notes: TutorNotes): string {
  const parts: string[] = [];
  if (notes.focus !== null) {
    parts.push(
      tag('focus', '', {
        point: notes.focus.label,
        failed_attempts: String(notes.focus.failedAttempts),
        near_misses: String(notes.focus.nearMisses),
      }),
    );
  }
  if (notes.afterFocus !== null) {
    parts.push(
      tag('if_focus_covered', '', {
        next: notes.afterFocus.kind === 'next' ? notes.afterFocus.label : 'close',
      }),
    );
  }
  parts.push(textTag('unchecked_points', notes.unchecked.join(', ')));
  parts.push(textTag('recalled_points', notes.recalled.join(', ')));
  if (notes.observations.length > 0) {
    const lines = notes.observations.map((observation) =>
      observation.kind === 'recalled'
        ? tag('recalled', '', { point: observation.label })
        : textTag('near_miss', observation.missing, { point: observation.label }),
    );
    parts.push(tag('observations', `\n${lines.join('\n')}\n`));
  }
  parts.push(tag('task', '', { kind: notes.task }));
  return tag('session_notes', `\n${parts.join('\n')}\n`);
}

/** Appends the notes to the user's words, forming the tutor's final user message. */
export function withTutorNotes(userText: string, notes: TutorNotes): string {
  return `${userText}\n\n${renderTutorNotes(notes)}`;
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
