// The model requests of one recall-mode learner turn, built from the session state: the
// tutor's (its cached system prompt, the history, the per-turn notes) and the evaluator's.
// The wording of each agent's system prompt lives with that agent's prompt module.
import type { LLMMessage } from '../llm/llm-adapter';
import type { RecallSet } from '../model/recall-set';
import { pendingAfter } from '../session/turn-rules';
import type { EngineSessionState } from '../session/session-state';
import { neutralizeTags, tag, textTag } from './tagged-text';
import type { TutorNotes, TutorObservation, TutorTask } from './tutor-notes';
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
 * Renders the tagged section appended to the tutor's final user message. The same tags
 * are parsed back by `parseTutorNotes` in `tutor-notes.ts` (the offline adapter reads them).
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

/** Options for {@link buildEvaluatorMessages}. */
export interface EvaluatorRequestOptions {
  points: ReadonlyArray<{ id: string; content: string }>;
  /** The point the tutor's question (the one the latest message answers) was about. */
  focusPointId?: string | null;
  /** Recent conversation before the latest message (oldest first). */
  conversation: readonly LLMMessage[];
  latestMessage: string;
}

/**
 * The evaluator's single user message: the unchecked points (the focus marked), the recent
 * conversation and the latest message. Its system prompt is `EVALUATOR_SYSTEM_PROMPT`
 * (`evaluator-prompt.ts`).
 */
export function buildEvaluatorMessages(options: EvaluatorRequestOptions): LLMMessage[] {
  const points = options.points.map((point) =>
    textTag(
      'point',
      point.content,
      point.id === options.focusPointId ? { id: point.id, focus: 'true' } : { id: point.id },
    ),
  );
  const conversation = options.conversation.map((message) =>
    textTag(message.role === 'user' ? 'user' : 'assistant', message.content),
  );
  const content = [
    tag('points', `\n${points.join('\n')}\n`),
    tag('conversation', conversation.length === 0 ? '' : `\n${conversation.join('\n')}\n`),
    textTag('latest_message', options.latestMessage),
  ].join('\n');
  return [{ role: 'user', content }];
}
