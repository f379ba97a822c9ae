import type { LLMMessage } from '../llm/llm-adapter';
import type { RecallSet } from '../model/recall-set';
import { pendingAfter } from '../session/checklist';
import type { EngineSessionState } from '../session/session-state';
import { pointLabelsById } from './point-labels';
import { neutralizeTags } from './tagged-text';
import {
  type TutorNotes,
  type TutorObservation,
  type TutorTask,
  withTutorNotes,
} from './tutor-notes';
import { buildTutorSystemPrompt } from './tutor-system-prompt';

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
