import type { RecallSet } from '../model/recall-set';
import type { TutorTask } from '../prompts/tutor-notes';
import { buildTutorNotes, buildTutorRequest } from '../prompts/turn-requests';
import type { EngineSessionState } from '../session/session-state';
import { questionOfReply } from './asked-point';
import { completeResponse, streamResponse } from './model-calls';
import type { Turn } from './turn';

/*
 * The responses the tutor opens on its own, answering no learner message: the opening
 * question of a session, the recap of a resumed one, and the return to recall after a
 * rabbit hole. Their `assistant_streaming_start` is stored by the command that owes them.
 */

/** True when the tutor still owes the opening question (or the recap of a resume). */
export function owesGreeting(state: EngineSessionState): boolean {
  return (
    state.status === 'in_progress' &&
    state.mode === 'recall' &&
    state.response === null &&
    state.greeting !== null &&
    !state.greeting.generated
  );
}

/** Streams the opening question or recap; its `assistant_streaming_start` is already stored. */
export function streamGreeting(
  turn: Turn,
  options: { recallSet: RecallSet; responseId: string },
): Promise<void> {
  const task = turn.actor.state.greeting?.kind === 'recap' ? 'recap' : 'opening';
  return streamTutorTask(turn, { ...options, task });
}

/** True when the tutor speaks first after a rabbit-hole exit: a point is still to recall. */
export function owesReturn(state: EngineSessionState): boolean {
  return (
    state.status === 'in_progress' &&
    state.mode === 'recall' &&
    state.response === null &&
    state.focusPointId !== null
  );
}

/**
 * Streams a tutor response that answers no learner message (`opening`, `recap`, `return`)
 * and stores its end; its `assistant_streaming_start` is already stored.
 */
export async function streamTutorTask(
  turn: Turn,
  options: { recallSet: RecallSet; responseId: string; task: Exclude<TutorTask, 'reply'> },
): Promise<void> {
  const requestOptions = {
    recallSet: options.recallSet,
    state: turn.actor.state,
    task: options.task,
  };
  const request = buildTutorRequest(requestOptions);
  const response = await streamResponse(turn, {
    agent: 'tutor',
    responseId: options.responseId,
    ...request,
  });
  await completeResponse(turn, {
    responseId: options.responseId,
    agent: 'tutor',
    response,
    question: questionOfReply({
      reply: response.text,
      recallSet: options.recallSet,
      notes: buildTutorNotes(requestOptions),
    }),
  });
}
