import type { NewSessionEvent, SessionEvent, SessionEventOf } from '../events/envelope';
import { assertNever } from '../internal/assert-never';
import { addUsage } from '../llm/llm-adapter';
import { OPENING_CUE, RESUME_CUE, rabbitholeCue } from '../prompts/conversation-cues';
import {
  attemptedAndFailedPointIds,
  findFocusPoint,
  isChecklistComplete,
  normalizeTopic,
  withTargetPoints,
} from './checklist';
import type { EngineSessionState, PointObservation, RabbitholeRecord } from './session-state';

/**
 * The session's pure transition function: the engine applies it after every append,
 * replay folds it over stored events, clients may use it on every message. No I/O, no
 * clock, no ids. Returns `state` itself for an event of another session or one already
 * applied (`seq ≤ lastSeq`), so replays and redeliveries are harmless.
 *
 * @example
 * const state = events.reduce(reduceSession, createSessionState({ sessionId, recallSetId, targetPointIds }));
 */
export function reduceSession(state: EngineSessionState, event: SessionEvent): EngineSessionState {
  if (event.sessionId !== state.sessionId || event.seq <= state.lastSeq) return state;
  const next = applyEvent(state, event);
  return { ...next, lastSeq: event.seq };
}

/**
 * The state after events that are built but not stored yet, for deciding what else a batch
 * holds. Each is folded at the next provisional position after the state's `lastSeq`; the
 * stored events (with the seq the storage's `append` assigns) are what the engine applies
 * afterwards, so nothing provisional outlives the batch being built.
 */
export function previewSession(
  state: EngineSessionState,
  events: readonly NewSessionEvent[],
): EngineSessionState {
  let preview = state;
  for (const event of events) {
    const provisional = { ...event, sessionId: preview.sessionId, seq: preview.lastSeq + 1 };
    preview = reduceSession(preview, provisional as SessionEvent);
  }
  return preview;
}

function applyEvent(state: EngineSessionState, event: SessionEvent): EngineSessionState {
  switch (event.type) {
    case 'session_started':
      return applyStarted(state, event);
    case 'session_paused':
      return {
        ...closeActiveStretch(state, event.timestamp),
        status: 'paused',
        pausedAt: event.timestamp,
        againRatedPointIds: [
          ...state.againRatedPointIds,
          ...attemptedAndFailedPointIds(state).filter(
            (pointId) => !state.againRatedPointIds.includes(pointId),
          ),
        ],
      };
    case 'session_completed':
      return {
        ...closeActiveStretch(state, event.timestamp),
        status: 'completed',
        endedAt: event.timestamp,
      };
    case 'session_complete_overlay':
      return { ...state, overlay: 'shown' };
    case 'recall_point_recalled':
      return applyRecalled(state, event.data.pointId);
    case 'recall_point_near_miss':
      return applyNearMiss(state, event.data.pointId, event.data.feedback);
    case 'rabbithole_detected':
      return {
        ...state,
        pendingRabbithole: {
          rabbitholeEventId: event.data.rabbitholeEventId,
          topic: event.data.topic,
          label: event.data.label,
          triggerMessageContent: event.data.triggerMessageContent,
        },
        detectedTopics: [...state.detectedTopics, normalizeTopic(event.data.topic)],
      };
    case 'rabbithole_entered': {
      const record: RabbitholeRecord = {
        rabbitholeEventId: event.data.rabbitholeEventId,
        topic: event.data.topic,
        label: event.data.label,
        status: 'active',
        messages: [{ role: 'user', content: rabbitholeCue(event.data.topic) }],
        pointsRecalledDuring: 0,
        enteredAt: event.timestamp,
        exitedAt: null,
      };
      return {
        ...state,
        mode: 'rabbithole',
        pendingRabbithole: null,
        activeRabbitholeId: record.rabbitholeEventId,
        rabbitholes: [...state.rabbitholes, record],
      };
    }
    case 'rabbithole_exited':
      return {
        ...updateActiveRabbithole(state, (record) => ({
          ...record,
          status: 'exited',
          exitedAt: event.timestamp,
        })),
        mode: 'recall',
        activeRabbitholeId: null,
        declineCooldown: 0,
      };
    case 'rabbithole_declined':
      return {
        ...state,
        pendingRabbithole: null,
        declineCooldown: state.declineCooldownMessages,
      };
    case 'show_image':
    case 'show_resource':
      return state.shownResourceIds.includes(event.data.resourceId)
        ? state
        : { ...state, shownResourceIds: [...state.shownResourceIds, event.data.resourceId] };
    case 'user_message':
      return applyUserMessage(state, event.data.content);
    case 'assistant_streaming_start': {
      const response = {
        responseId: event.data.responseId,
        agent: event.data.agent,
        startedAt: event.timestamp,
        startSeq: event.seq,
      };
      return { ...state, response, openResponses: [...state.openResponses, response] };
    }
    case 'assistant_streaming_end': {
      const { responseId } = event.data;
      if (!state.openResponses.some((open) => open.responseId === responseId)) return state;
      const openResponses = state.openResponses.filter((open) => open.responseId !== responseId);
      return { ...state, openResponses, response: openResponses.at(-1) ?? null };
    }
    case 'assistant_message':
      return applyAssistantMessage(state, event);
    default:
      return assertNever(event, 'session event');
  }
}

function applyStarted(
  state: EngineSessionState,
  event: SessionEventOf<'session_started'>,
): EngineSessionState {
  const { resumed, recallSetName, targetPointIds, userId } = event.data;
  const cue = resumed ? RESUME_CUE : OPENING_CUE;
  // The log, not the session row, is the source: a start that records its targets sets them.
  const targeted = targetPointIds === undefined ? state : withTargetPoints(state, targetPointIds);
  return {
    ...targeted,
    userId: userId ?? state.userId,
    recallSetName,
    status: 'in_progress',
    startedAt: state.startedAt ?? event.timestamp,
    resumedAt: resumed ? event.timestamp : state.resumedAt,
    activeSince: event.timestamp,
    greeting: { kind: resumed ? 'recap' : 'opening', generated: false },
    tutorMessages: [...state.tutorMessages, { role: 'user', content: cue }],
  };
}

function closeActiveStretch(state: EngineSessionState, timestamp: number): EngineSessionState {
  if (state.activeSince === null) return state;
  return {
    ...state,
    activeSince: null,
    activeDurationMs: state.activeDurationMs + Math.max(0, timestamp - state.activeSince),
  };
}

function applyRecalled(state: EngineSessionState, pointId: string): EngineSessionState {
  if (state.checklist[pointId] !== 'pending') return state;
  const checklist = { ...state.checklist, [pointId]: 'recalled' as const };
  const probeIndex =
    pointId === state.focusPointId
      ? (state.targetPointIds.indexOf(pointId) + 1) % state.targetPointIds.length
      : state.probeIndex;
  const next: EngineSessionState = {
    ...state,
    checklist,
    recalledPointIds: [...state.recalledPointIds, pointId],
    probeIndex,
    focusPointId: findFocusPoint(state.targetPointIds, checklist, probeIndex),
  };
  if (state.mode === 'recall') {
    return withObservation(next, { pointId, kind: 'recalled' });
  }
  const inside = updateActiveRabbithole(next, (record) => ({
    ...record,
    pointsRecalledDuring: record.pointsRecalledDuring + 1,
  }));
  return isChecklistComplete(inside) && inside.overlay === 'none'
    ? { ...inside, overlay: 'pending' }
    : inside;
}

function applyNearMiss(
  state: EngineSessionState,
  pointId: string,
  feedback: string,
): EngineSessionState {
  const progress = state.pointProgress[pointId];
  if (progress === undefined || state.checklist[pointId] !== 'pending') return state;
  const next: EngineSessionState = {
    ...state,
    pointProgress: {
      ...state.pointProgress,
      [pointId]: { ...progress, nearMisses: progress.nearMisses + 1 },
    },
  };
  return state.mode === 'recall'
    ? withObservation(next, { pointId, kind: 'near_miss', feedback })
    : next;
}

function withObservation(
  state: EngineSessionState,
  observation: PointObservation,
): EngineSessionState {
  return { ...state, turnObservations: [...state.turnObservations, observation] };
}

function applyUserMessage(state: EngineSessionState, content: string): EngineSessionState {
  if (state.mode === 'rabbithole') {
    return updateActiveRabbithole(state, (record) => ({
      ...record,
      messages: [...record.messages, { role: 'user', content }],
    }));
  }
  return {
    ...state,
    tutorMessages: [...state.tutorMessages, { role: 'user', content }],
    exchangeCount: state.exchangeCount + 1,
    declineCooldown: Math.max(0, state.declineCooldown - 1),
    tutorNotes: state.turnObservations,
    turnObservations: [],
    answeringFocusPointId: state.focusPointId,
  };
}

function applyAssistantMessage(
  state: EngineSessionState,
  event: SessionEventOf<'assistant_message'>,
): EngineSessionState {
  const { content, agent, usage, judgeUsage } = event.data;
  let next: EngineSessionState = {
    ...state,
    usage: usage === undefined ? state.usage : addUsage(state.usage, usage),
    judgeUsage:
      judgeUsage === undefined ? state.judgeUsage : addUsage(state.judgeUsage, judgeUsage),
  };
  if (agent === 'rabbithole') {
    if (content === '') return next;
    return updateActiveRabbithole(next, (record) => ({
      ...record,
      messages: [...record.messages, { role: 'assistant', content }],
    }));
  }
  const answered = state.answeringFocusPointId;
  if (answered !== null && state.checklist[answered] === 'pending') {
    const progress = state.pointProgress[answered]!;
    next = {
      ...next,
      pointProgress: {
        ...next.pointProgress,
        [answered]: { ...progress, failedAttempts: progress.failedAttempts + 1 },
      },
    };
  }
  next = { ...next, answeringFocusPointId: null };
  if (content === '') return next;
  return {
    ...next,
    tutorMessages: [...next.tutorMessages, { role: 'assistant', content }],
    greeting:
      next.greeting === null || next.greeting.generated
        ? next.greeting
        : { ...next.greeting, generated: true },
  };
}

function updateActiveRabbithole(
  state: EngineSessionState,
  update: (record: RabbitholeRecord) => RabbitholeRecord,
): EngineSessionState {
  if (state.activeRabbitholeId === null) return state;
  return {
    ...state,
    rabbitholes: state.rabbitholes.map((record) =>
      record.rabbitholeEventId === state.activeRabbitholeId ? update(record) : record,
    ),
  };
}
