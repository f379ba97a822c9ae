import type { NewSessionEvent, SessionEvent, SessionEventOf } from '../events/envelope';
import { assertNever } from '../internal/assert-never';
import { addUsage } from '../model/usage';
import {
  applyAttempts,
  attemptedAndFailedPointIds,
  findFocusPoint,
  withMisses,
  withTargets,
} from './checklist';
import { normalizeTopic } from './rabbithole-topic';
import { planAppend } from '../storage/log/append-plan';
import {
  OPENING_CUE,
  RESUME_CUE,
  RETURN_CUE,
  answering,
  rabbitholeCue,
  saysCannotRecall,
} from './turn-rules';
import type {
  EngineSessionState,
  PointObservation,
  RabbitholeRecord,
  ShownText,
} from './session-state';
import { applySessionViewEvent } from './view/reduce-session-view';

/**
 * The engine's pure transition function: the engine applies it after every append, replay
 * folds it over stored events. It is the shared fold every reader runs
 * (`reduceSessionView`: progress, mode, rabbit holes, overlay, timeline) plus the engine's
 * own fields, read from the stored events (checklist, prompt history, focus, progress per
 * point, cooldowns, usage, open responses). No I/O, no clock, no ids. Returns `state` itself
 * for an event of another session or one already applied (`seq ≤ lastSeq`), so replays and
 * redeliveries are harmless.
 *
 * @example
 * const state = events.reduce(reduceSession, createSessionState({ sessionId, recallSetId, targetPointIds }));
 */
export function reduceSession(state: EngineSessionState, event: SessionEvent): EngineSessionState {
  if (event.sessionId !== state.sessionId || event.seq <= state.lastSeq) return state;
  const next = applyEvent(state, applySessionViewEvent(state, event), event);
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
  const plan = planAppend({ sessionId: state.sessionId, events, expectedSeq: state.lastSeq });
  return plan.events.reduce(reduceSession, state);
}

// `state` is the state before the event, `view` the same with the shared fold applied: each
// case adds the engine's own fields to `view`.
function applyEvent(
  state: EngineSessionState,
  view: EngineSessionState,
  event: SessionEvent,
): EngineSessionState {
  switch (event.type) {
    case 'session_started':
      return applyStarted(state, view, event);
    case 'session_paused':
      return {
        ...view,
        pausedAt: event.timestamp,
        againRatedPointIds: [
          ...state.againRatedPointIds,
          ...attemptedAndFailedPointIds(state).filter(
            (pointId) => !state.againRatedPointIds.includes(pointId),
          ),
        ],
      };
    case 'session_completed':
      return { ...view, endedAt: event.timestamp };
    case 'session_complete_overlay':
      return view;
    case 'recall_point_recalled':
      return applyRecalled(state, view, event.data.pointId);
    case 'recall_point_near_miss':
      return withShown(applyNearMiss(view, event.data.pointId, event.data.feedback), {
        source: 'feedback',
        text: event.data.feedback,
      });
    case 'rabbithole_detected':
      return {
        ...view,
        detectedTopics: [...state.detectedTopics, normalizeTopic(event.data.topic)],
      };
    case 'rabbithole_entered':
      return updateActiveRabbithole(view, (record) => ({
        ...record,
        messages: [{ role: 'user', content: rabbitholeCue(event.data.topic) }],
      }));
    case 'rabbithole_exited':
      return {
        ...view,
        declineCooldown: 0,
        // The tutor speaks first on return: its history gets the user turn it answers.
        tutorMessages: [...state.tutorMessages, { role: 'user', content: RETURN_CUE }],
        unresolvedFocusPointId: null,
      };
    case 'rabbithole_declined':
      return { ...view, declineCooldown: state.declineCooldownMessages };
    case 'show_image':
    case 'show_resource': {
      const text =
        event.type === 'show_image'
          ? (event.data.caption ?? '')
          : `${event.data.title}. ${event.data.snippet}`;
      const next = withShown(view, { source: 'resource', text });
      return state.shownResourceIds.includes(event.data.resourceId)
        ? next
        : { ...next, shownResourceIds: [...state.shownResourceIds, event.data.resourceId] };
    }
    case 'user_message':
      return applyUserMessage(view, event.data.content);
    case 'assistant_streaming_start': {
      const response = {
        responseId: event.data.responseId,
        agent: event.data.agent,
        startedAt: event.timestamp,
        startSeq: event.seq,
      };
      return { ...view, response, openResponses: [...state.openResponses, response] };
    }
    case 'assistant_streaming_end': {
      const { responseId } = event.data;
      if (!state.openResponses.some((open) => open.responseId === responseId)) return view;
      const openResponses = state.openResponses.filter((open) => open.responseId !== responseId);
      return { ...view, openResponses, response: openResponses.at(-1) ?? null };
    }
    case 'assistant_message':
      return applyAssistantMessage(view, event);
    default:
      return assertNever(event, 'session event');
  }
}

function applyStarted(
  state: EngineSessionState,
  view: EngineSessionState,
  event: SessionEventOf<'session_started'>,
): EngineSessionState {
  const { resumed, targetPointIds, userId } = event.data;
  const cue = resumed ? RESUME_CUE : OPENING_CUE;
  // The log, not the session row, is the source: a start that records its targets sets them.
  const targeted = targetPointIds === undefined ? view : withTargets(state, view, targetPointIds);
  return {
    ...targeted,
    userId: userId ?? state.userId,
    resumedAt: resumed ? event.timestamp : state.resumedAt,
    greeting: { kind: resumed ? 'recap' : 'opening', generated: false },
    tutorMessages: [...state.tutorMessages, { role: 'user', content: cue }],
    unresolvedFocusPointId: null,
    // Exposure counts what was shown since this start: a learner coming back tomorrow has
    // not just seen yesterday's hints.
    exposureFrom: state.shown.length,
  };
}

function applyRecalled(
  state: EngineSessionState,
  view: EngineSessionState,
  pointId: string,
): EngineSessionState {
  if (state.checklist[pointId] !== 'pending') {
    // With a checklist only its pending points count: the view's count of this one is undone.
    if (state.targetPointIds.length === 0) return view;
    const { recalledPointIds, rabbitholes, overlay } = state;
    return { ...view, recalledPointIds, rabbitholes, overlay };
  }
  const checklist = { ...state.checklist, [pointId]: 'recalled' as const };
  const probeIndex =
    pointId === state.focusPointId
      ? (state.targetPointIds.indexOf(pointId) + 1) % state.targetPointIds.length
      : state.probeIndex;
  const next: EngineSessionState = {
    ...view,
    checklist,
    probeIndex,
    focusPointId: findFocusPoint(state.targetPointIds, checklist, probeIndex),
  };
  return state.mode === 'recall' ? withObservation(next, { pointId, kind: 'recalled' }) : next;
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
  return answering({
    ...state,
    tutorMessages: [...state.tutorMessages, { role: 'user', content }],
    exchangeCount: state.exchangeCount + 1,
    declineCooldown: Math.max(0, state.declineCooldown - 1),
    tutorNotes: state.turnObservations,
    turnObservations: [],
    answeringCannotRecall: saysCannotRecall(content),
  });
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
  if (content !== '') next = withShown(next, { source: agent, text: content });
  if (agent === 'rabbithole') {
    if (content === '') return next;
    return updateActiveRabbithole(next, (record) => ({
      ...record,
      messages: [...record.messages, { role: 'assistant', content }],
    }));
  }
  const attempted = event.data.attemptedPointIds ?? [];
  next = withMisses(next, attempted);
  next = { ...applyAttempts(next, attempted), askedPointId: event.data.askedPointId ?? null };
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

function withShown(state: EngineSessionState, shown: ShownText): EngineSessionState {
  if (shown.text.trim() === '') return state;
  return { ...state, shown: [...state.shown, shown] };
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
