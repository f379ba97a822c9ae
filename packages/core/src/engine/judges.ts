import { toRecallError } from '../errors/recall-error';
import type { TokenUsage } from '../events/catalog';
import type { LLMMessage } from '../llm/llm-adapter';
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
import type { EngineSessionState } from '../session/session-state';
import { callerOf } from './respond';
import { reportError } from './runtime';
import type { Turn } from './turn';

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
  const settings = turn.runtime.config.calls.evaluator;
  try {
    const result = await turn.runtime.llm.generateObject({
      kind: 'evaluator',
      system: EVALUATOR_SYSTEM_PROMPT,
      messages: buildEvaluatorMessages({
        points,
        focusPointId: askedOrFocusPointId(options.state),
        conversation: recentBefore(options, turn.runtime.config.judgeContextMessages),
        latestMessage: options.latestMessage,
      }),
      schema: evaluationSchema,
      schemaName: 'evaluation',
      maxOutputTokens: settings.maxOutputTokens,
      temperature: settings.temperature,
      signal: turn.signal,
      ...callerOf(turn),
    });
    return { value: result.object, usage: result.usage };
  } catch (error) {
    reportError(turn.runtime, turn.actor.sessionId, toRecallError(error), options.clientMessageId);
    return { value: null, usage: undefined };
  }
}

/** One detector call on the latest message. Failures are reported; no tangent is offered. */
export async function runDetector(
  turn: Turn,
  options: JudgeOptions,
): Promise<JudgeOutcome<Detection>> {
  const settings = turn.runtime.config.calls.detector;
  try {
    const result = await turn.runtime.llm.generateObject({
      kind: 'detector',
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
      maxOutputTokens: settings.maxOutputTokens,
      temperature: settings.temperature,
      signal: turn.signal,
      ...callerOf(turn),
    });
    return { value: result.object, usage: result.usage };
  } catch (error) {
    reportError(turn.runtime, turn.actor.sessionId, toRecallError(error), options.clientMessageId);
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
