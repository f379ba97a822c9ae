import { RecallError, toRecallError } from '../errors/recall-error';
import type { Agent, TokenUsage } from '../events/catalog';
import type { NewSessionEvent } from '../events/envelope';
import type { LLMMessage, LLMObjectOptions } from '../llm/llm-adapter';
import type { RecallSet } from '../model/recall-set';
import {
  DETECTOR_SYSTEM_PROMPT,
  type Detection,
  buildDetectorMessages,
  detectionSchema,
} from '../prompts/detector-prompt';
import {
  EVALUATOR_SYSTEM_PROMPT,
  type Evaluation,
  evaluationSchema,
} from '../prompts/evaluator-prompt';
import { buildEvaluatorMessages } from '../prompts/turn-requests';
import { isEngineCue, uncheckedPointIds } from '../session/turn-rules';
import { previewSession } from '../session/reduce-session';
import type { EngineSessionState } from '../session/session-state';
import type { ReplyQuestion } from './asked-point';
import { emitDelta, reportError } from './runtime';
import type { BuildEvents, Turn } from './turn';

/*
 * A turn's calls to the model: the judges (evaluator, detector), whose verdicts the turn
 * stores, and the streamed response, whose deltas go to listeners as they arrive and whose
 * end closes the turn in the log.
 */

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
  /** Where the (tutor) response's question points (`questionOfReply` in `asked-point.ts`). */
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

/** A judge's verdict (null when the call failed or was not needed) and its usage. */
export interface JudgeOutcome<T> {
  value: T | null;
  usage: TokenUsage | undefined;
}

/** Options shared by both judges. */
export interface JudgeOptions {
  recallSet: RecallSet;
  state: EngineSessionState;
  /** The conversation the latest message belongs to, ending with it. */
  conversation: readonly LLMMessage[];
  latestMessage: string;
  clientMessageId?: string;
}

/**
 * One evaluator call over every unchecked point. Failures are reported as session errors
 * and yield no verdict; the turn carries on.
 */
export async function runEvaluator(
  turn: Turn,
  options: JudgeOptions,
): Promise<JudgeOutcome<Evaluation>> {
  const points = pendingPoints(options);
  if (points.length === 0) return { value: null, usage: undefined };
  return callJudge(turn, 'evaluator', options.clientMessageId, {
    system: EVALUATOR_SYSTEM_PROMPT,
    messages: buildEvaluatorMessages({
      points,
      focusPointId: askedOrFocusPointId(options.state),
      conversation: recentBefore(options, turn.runtime.config.judgeContextMessages),
      latestMessage: options.latestMessage,
    }),
    schema: evaluationSchema,
    schemaName: 'evaluation',
  });
}

/** One detector call on the latest message. Failures are reported; no tangent is offered. */
export function runDetector(turn: Turn, options: JudgeOptions): Promise<JudgeOutcome<Detection>> {
  return callJudge(turn, 'detector', options.clientMessageId, {
    system: DETECTOR_SYSTEM_PROMPT,
    messages: buildDetectorMessages({
      recallSetName: options.recallSet.name,
      recallSetDescription: options.recallSet.description,
      points: pendingPoints(options),
      previousTopics: options.state.detectedTopics,
      conversation: recentBefore(options, turn.runtime.config.judgeContextMessages),
      latestMessage: options.latestMessage,
    }),
    schema: detectionSchema,
    schemaName: 'rabbithole_detection',
  });
}

/**
 * One judge's structured call with its configured settings, the turn's abort signal and
 * caller. A failure is reported as a session error and yields no verdict.
 */
async function callJudge<T>(
  turn: Turn,
  kind: 'evaluator' | 'detector',
  clientMessageId: string | undefined,
  request: Pick<LLMObjectOptions<T>, 'system' | 'messages' | 'schema' | 'schemaName'>,
): Promise<JudgeOutcome<T>> {
  const settings = turn.runtime.config.calls[kind];
  try {
    const result = await turn.runtime.llm.generateObject({
      kind,
      ...request,
      maxOutputTokens: settings.maxOutputTokens,
      temperature: settings.temperature,
      signal: turn.signal,
      ...callerOf(turn),
    });
    return { value: result.object, usage: result.usage };
  } catch (error) {
    reportError(turn.runtime, turn.actor.sessionId, toRecallError(error), clientMessageId);
    return { value: null, usage: undefined };
  }
}

/**
 * The point the learner's latest recall-mode message answers: the one the tutor's latest reply
 * asked about when it is pending, else the focus; null inside a rabbit hole.
 */
export function askedOrFocusPointId(state: EngineSessionState): string | null {
  if (state.mode !== 'recall') return null;
  const asked = state.askedPointId;
  if (asked !== null && state.checklist[asked] === 'pending') return asked;
  return state.answeringFocusPointId;
}

function pendingPoints(options: JudgeOptions): Array<{ id: string; content: string }> {
  const points = new Map(options.recallSet.points.map((point) => [point.id, point]));
  return uncheckedPointIds(options.state).flatMap((pointId) => {
    const point = points.get(pointId);
    return point === undefined ? [] : [{ id: point.id, content: point.content }];
  });
}

// The messages before the latest one, at most `limit - 1` of them; the cues are the engine's
// words, not the learner's (a rabbit hole's opening cue included), so judges never see them.
function recentBefore(options: JudgeOptions, limit: number): LLMMessage[] {
  const before = options.conversation
    .slice(0, -1)
    .filter((message) => message.role !== 'user' || !isEngineCue(message.content));
  return limit <= 1 ? [] : before.slice(-(limit - 1));
}
