import type { LLMMessage } from '../llm/llm-adapter';
import type { RecallPoint, RecallSet } from '../model/recall-set';
import { uncheckedPointIds } from '../session/checklist';
import type { EngineSessionState } from '../session/session-state';
import { type TutorNotes, type TutorTask, withTutorNotes } from './tutor-notes';
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
 * final user message with this turn's `<session_notes>` appended.
 */
export function buildTutorRequest(options: TutorRequestOptions): {
  system: string;
  messages: LLMMessage[];
} {
  const messages = mergeConsecutiveRoles(options.state.tutorMessages);
  const last = messages.at(-1);
  const notes = buildTutorNotes(options);
  if (last === undefined || last.role !== 'user') {
    messages.push({ role: 'user', content: withTutorNotes('', notes).trimStart() });
  } else {
    messages[messages.length - 1] = { role: 'user', content: withTutorNotes(last.content, notes) };
  }
  return { system: buildTutorSystemPrompt(options.recallSet), messages };
}

/** The per-turn notes: focus point with its context, other unchecked, recalled, observations. */
export function buildTutorNotes(options: TutorRequestOptions): TutorNotes {
  const { state, recallSet } = options;
  const points = new Map<string, RecallPoint>(recallSet.points.map((point) => [point.id, point]));
  const toNotePoint = (pointId: string) => {
    const point = points.get(pointId);
    return point === undefined ? [] : [{ id: point.id, content: point.content }];
  };
  const focusPoint = state.focusPointId === null ? undefined : points.get(state.focusPointId);
  const progress = focusPoint === undefined ? undefined : state.pointProgress[focusPoint.id];
  return {
    task: options.task,
    focus:
      focusPoint === undefined
        ? null
        : {
            id: focusPoint.id,
            content: focusPoint.content,
            context: focusPoint.context,
            failedAttempts: progress?.failedAttempts ?? 0,
            nearMisses: progress?.nearMisses ?? 0,
          },
    unchecked: uncheckedPointIds(state)
      .filter((pointId) => pointId !== state.focusPointId)
      .flatMap(toNotePoint),
    recalled: state.recalledPointIds.flatMap(toNotePoint),
    observations: [...state.tutorNotes],
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
