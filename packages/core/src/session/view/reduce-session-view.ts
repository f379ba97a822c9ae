// The shared fold (no zod): the engine's reducer is built on it, browser clients run it as is.
import type { PublicSessionEvent } from '../../events/redaction';
import { assertNever } from '../../internal/assert-never';
import { afterLearnerMessage, isEveryPointRecalled } from './session-rules';
import type { RabbitholeVisit, SessionView } from './session-view';
import { applyToTimeline } from './timeline';

/**
 * The pure fold of a session's log that every reader shares: progress, mode and rabbit
 * holes, completion overlay, timeline. It reads only what clients receive (the redacted
 * events), so a browser folds the same fields as the server. The engine's `reduceSession`
 * applies it first and adds its own fields (the checklist among them); a browser client
 * applies it to the events it receives, live or as history alike. No I/O, no clock, no ids. Returns `state`
 * itself for an event of another session or one already applied (`seq ≤ lastSeq`), so
 * redeliveries are harmless. Fields `S` adds are kept as they are.
 *
 * @example
 * const view = events.reduce(reduceSessionView, createSessionView());
 * view.timeline; // messages, images, resources, rabbit-hole markers, near-miss hints
 */
export function reduceSessionView<S extends SessionView>(state: S, event: PublicSessionEvent): S {
  if (state.sessionId !== '' && event.sessionId !== state.sessionId) return state;
  if (event.seq <= state.lastSeq) return state;
  const next = applySessionViewEvent(state, event);
  return { ...next, sessionId: event.sessionId, lastSeq: event.seq };
}

/**
 * {@link reduceSessionView} without the session and seq checks and without advancing
 * `lastSeq`: for a reducer that makes those checks itself (the engine's).
 */
export function applySessionViewEvent<S extends SessionView>(
  state: S,
  event: PublicSessionEvent,
): S {
  const timeline = applyToTimeline(state.timeline, event);
  const base = timeline === state.timeline ? state : { ...state, timeline };
  switch (event.type) {
    case 'session_started': {
      const { recallSetId, recallSetName, totalPoints } = event.data;
      return {
        ...base,
        recallSetId,
        recallSetName,
        totalPoints,
        status: 'in_progress',
        startedAt: base.startedAt ?? event.timestamp,
        activeSince: event.timestamp,
      };
    }
    case 'session_paused':
      return { ...closeActiveStretch(base, event.timestamp), status: 'paused' };
    case 'session_completed':
      // A finished session offers nothing more: no tangent to explore, no hint to act on.
      return {
        ...closeActiveStretch(base, event.timestamp),
        status: 'completed',
        summary: event.data.summary,
        pendingRabbithole: null,
        nearMiss: null,
      };
    case 'session_complete_overlay':
      return { ...base, overlay: 'shown', completion: { ...event.data } };
    case 'recall_point_recalled':
      return applyRecalled(
        base.nearMiss?.pointId === event.data.pointId ? { ...base, nearMiss: null } : base,
        event.data.pointId,
      );
    case 'recall_point_near_miss': {
      const hint = timeline.at(-1);
      return hint?.kind === 'near_miss' ? { ...base, nearMiss: hint } : base;
    }
    case 'rabbithole_detected': {
      const { rabbitholeEventId, topic, label, triggerMessageContent } = event.data;
      return {
        ...base,
        pendingRabbithole: { rabbitholeEventId, topic, label, triggerMessageContent },
      };
    }
    case 'rabbithole_entered': {
      const visit: RabbitholeVisit = {
        rabbitholeEventId: event.data.rabbitholeEventId,
        topic: event.data.topic,
        label: event.data.label,
        status: 'active',
        pointsRecalledDuring: 0,
        enteredAt: event.timestamp,
        exitedAt: null,
      };
      return {
        ...base,
        mode: 'rabbithole',
        pendingRabbithole: null,
        nearMiss: null,
        activeRabbitholeId: visit.rabbitholeEventId,
        rabbitholes: [...base.rabbitholes, visit] as S['rabbitholes'],
      };
    }
    case 'rabbithole_exited':
      // Also fine without a prior `rabbithole_entered`: leaving is idempotent.
      return {
        ...updateActiveVisit(base, (visit) => ({
          ...visit,
          status: 'exited',
          exitedAt: event.timestamp,
        })),
        mode: 'recall',
        activeRabbitholeId: null,
      };
    case 'rabbithole_declined':
      return base.pendingRabbithole === null ? base : { ...base, pendingRabbithole: null };
    case 'user_message':
      return afterLearnerMessage(base);
    case 'show_image':
    case 'show_resource':
    case 'assistant_message':
    case 'assistant_streaming_start':
    case 'assistant_streaming_end':
      return base;
    default:
      return assertNever(event, 'session event');
  }
}

/** Adds the open active stretch (if any) up to `timestamp` to the active time. */
function closeActiveStretch<S extends SessionView>(state: S, timestamp: number): S {
  if (state.activeSince === null) return state;
  return {
    ...state,
    activeSince: null,
    activeDurationMs: state.activeDurationMs + Math.max(0, timestamp - state.activeSince),
  };
}

// A point counts once.
function applyRecalled<S extends SessionView>(state: S, pointId: string): S {
  if (state.recalledPointIds.includes(pointId)) return state;
  const next: S = { ...state, recalledPointIds: [...state.recalledPointIds, pointId] };
  if (next.mode !== 'rabbithole') return next;
  const inside = updateActiveVisit(next, (visit) => ({
    ...visit,
    pointsRecalledDuring: visit.pointsRecalledDuring + 1,
  }));
  // The overlay would interrupt the tangent: it is stored (and shown) on the way out.
  return isEveryPointRecalled(inside) && inside.overlay === 'none'
    ? { ...inside, overlay: 'pending' }
    : inside;
}

function updateActiveVisit<S extends SessionView>(
  state: S,
  update: (visit: RabbitholeVisit) => RabbitholeVisit,
): S {
  if (state.activeRabbitholeId === null) return state;
  return {
    ...state,
    rabbitholes: state.rabbitholes.map((visit) =>
      visit.rabbitholeEventId === state.activeRabbitholeId ? update(visit) : visit,
    ) as S['rabbitholes'],
  };
}
