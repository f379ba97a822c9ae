import { RecallError, toRecallError } from '../errors/recall-error';
import type { Agent, TokenUsage } from '../events/catalog';
import type { NewSessionEvent } from '../events/envelope';
import type { LLMMessage } from '../llm/llm-adapter';
import type { RecallSet } from '../model/recall-set';
import type { TutorTask } from '../prompts/tutor-notes';
import { buildTutorNotes, buildTutorRequest } from '../prompts/turn-requests';
import { previewSession } from '../session/reduce-session';
import type { EngineSessionState } from '../session/session-state';
import { questionOfReply, type ReplyQuestion } from './asked-point';
import { emitDelta, reportError } from './runtime';
import type { BuildEvents, Turn } from './turn';

/** What a streamed response produced. */
export interface StreamedResponse {
  text: string;
  chunks: number;
  usage: TokenUsage | undefined;
  /** Set when the stream failed or was aborted; `text` is then partial. */
  error: RecallError | undefined;
}

/** Options for {@link streamResponse}. */
export interface StreamResponseOptions {
  agent: Agent;
  responseId: string;
  system: string;
  messages: LLMMessage[];
}

/**
 * Streams one assistant response, forwarding every text delta as it arrives (to in-process
 * listeners and subscribers). Never throws: a failure is returned with the partial text.
 */
export async function streamResponse(
  turn: Turn,
  options: StreamResponseOptions,
): Promise<StreamedResponse> {
  const { runtime, actor } = turn;
  const live = { sessionId: actor.sessionId, text: '', lastIndex: -1 };
  runtime.liveResponses.set(options.responseId, live);
  let usage: TokenUsage | undefined;
  let finished = false;
  try {
    const settings = runtime.config.calls[options.agent];
    const stream = runtime.llm.streamText({
      kind: options.agent,
      system: options.system,
      messages: options.messages,
      maxOutputTokens: settings.maxOutputTokens,
      temperature: settings.temperature,
      signal: turn.signal,
      ...callerOf(turn),
    });
    for await (const part of stream) {
      if (part.type === 'text-delta') {
        if (part.text === '') continue;
        live.text += part.text;
        live.lastIndex += 1;
        emitDelta(runtime, {
          sessionId: actor.sessionId,
          responseId: options.responseId,
          index: live.lastIndex,
          text: part.text,
        });
      } else {
        usage = part.usage;
        finished = true;
      }
    }
    if (!finished) {
      throw new RecallError('LLM_INTERRUPTED', 'The response stream ended without finishing.');
    }
    return { text: live.text, chunks: live.lastIndex + 1, usage, error: undefined };
  } catch (error) {
    return { text: live.text, chunks: live.lastIndex + 1, usage, error: toRecallError(error) };
  }
}

/** The learner a turn's model calls serve, for the spend guard. */
export function callerOf(turn: Turn): { userId?: string } {
  const { userId } = turn.actor.state;
  return userId === null ? {} : { userId };
}

/** Options for {@link completeResponse}. */
export interface CompleteResponseOptions {
  responseId: string;
  agent: Agent;
  response: StreamedResponse;
  /** Usage of the judge calls of the turn this response answers. */
  judgeUsage?: TokenUsage | undefined;
  /** The points the learner message this response answers attempted (evaluator verdict). */
  attemptedPointIds?: readonly string[] | undefined;
  /** Where the (tutor) response's question points ({@link questionOfReply}). */
  question?: ReplyQuestion | undefined;
  clientMessageId?: string | undefined;
  /**
   * Events that follow the response's end in the same append (e.g. a detected tangent), so
   * the turn ends in one batch and no other writer's turn can start in between.
   */
  after?: BuildEvents;
}

/**
 * Stores the end of a response: `assistant_streaming_end` then `assistant_message`
 * (`interrupted` when the stream failed, with the partial text) and `after`'s events in one
 * append, then reports the failure.
 */
export async function completeResponse(
  turn: Turn,
  options: CompleteResponseOptions,
): Promise<void> {
  const { responseId, agent, response, judgeUsage, attemptedPointIds, question } = options;
  // Should the end not be stored, the next command closes the response with what was shown.
  turn.actor.showText(responseId, response.text);
  await turn.append((context, state) => {
    if (!state.openResponses.some((open) => open.responseId === responseId)) return [];
    const ending: NewSessionEvent[] = [
      context.build(
        'assistant_streaming_end',
        { responseId, fullContent: response.text, totalChunks: response.chunks },
        { responseId },
      ),
      context.build(
        'assistant_message',
        {
          content: response.text,
          agent,
          ...(response.usage === undefined ? {} : { usage: response.usage }),
          ...(judgeUsage === undefined ? {} : { judgeUsage }),
          ...(attemptedPointIds === undefined ? {} : { attemptedPointIds: [...attemptedPointIds] }),
          ...(agent === 'tutor' ? question : {}),
          ...(response.error === undefined ? {} : { interrupted: true }),
        },
        { responseId },
      ),
    ];
    const after = options.after?.(context, previewSession(state, ending)) ?? [];
    return [...ending, ...after];
  });
  // Its live text is forgotten once its `assistant_streaming_end` is stored.
  turn.runtime.liveResponses.delete(responseId);
  if (response.error !== undefined) {
    reportError(turn.runtime, turn.actor.sessionId, response.error, options.clientMessageId);
  }
}

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
