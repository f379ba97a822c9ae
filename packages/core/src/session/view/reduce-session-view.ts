// The shared fold (no zod): the engine's reducer is built on it, browser clients run it as is.
// Below it, the session's business rules, each written once: the engine, the reducer and the
// browser client ask these functions.
import type { PublicSessionEvent } from '../../events/envelope';
import { assertNever } from '../../internal/assert-never';
import type {
  CompletionOverlayData,
  PendingRabbithole,
  RabbitholeVisit,
  SessionView,
} from './session-view';
import { applyToTimeline } from './timeline';

/**
 * The pure fold of a session's log that every reader shares: progress, mode and rabbit
 * holes, completion overlay, timeline. It reads only what clients receive (the redacted
 * events), so a browser folds the same fields as the server. The engine's `reduceSession`
 * applies it first and adds its own fields (the checklist among them); a browser client
 * applies it to the events it receives, live or as history alike. No I/O, no clock, no ids.
 * Returns `state` itself for an event of another session or one already applied
 * (`seq ≤ lastSeq`), so redeliveries are harmless. Fields `S` adds are kept as they are.
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

/**
 * The rabbit-hole prompt a learner message sent now would decline: a pending prompt, in
 * recall mode. The learner kept going instead of exploring, so the engine stores
 * `rabbithole_declined` with the message, and a client may show the prompt as declined as
 * soon as the learner types.
 */
export function rabbitholeDeclinedByLearnerMessage(
  state: Pick<SessionView, 'mode' | 'pendingRabbithole'>,
): PendingRabbithole | null {
  return state.mode === 'recall' ? state.pendingRabbithole : null;
}

/**
 * The state once a learner message is sent: a prompt it declines is gone, a shown
 * completion overlay is answered (the learner kept talking) and the near-miss hint has
 * served (the learner answered after it). The reducer applies it for a stored
 * `user_message`; a client applies it to show its unconfirmed messages.
 */
export function afterLearnerMessage<S extends SessionView>(state: S): S {
  const declines = rabbitholeDeclinedByLearnerMessage(state) !== null;
  const answersOverlay = state.overlay === 'shown';
  const hintServed = state.nearMiss !== null;
  if (!declines && !answersOverlay && !hintServed) return state;
  return {
    ...state,
    ...(declines ? { pendingRabbithole: null } : {}),
    ...(answersOverlay ? { overlay: 'dismissed' as const } : {}),
    ...(hintServed ? { nearMiss: null } : {}),
  };
}

/** True once every point of a non-empty checklist is recalled. */
export function isEveryPointRecalled(
  state: Pick<SessionView, 'totalPoints' | 'recalledPointIds'>,
): boolean {
  return state.totalPoints > 0 && state.recalledPointIds.length >= state.totalPoints;
}

/**
 * The recalled count to show: recalls made inside the current rabbit hole count at once but
 * show only on the way out (celebrating mid-tangent would distract).
 */
export function displayedRecalledCount(
  state: Pick<SessionView, 'recalledPointIds' | 'activeRabbitholeId' | 'rabbitholes'>,
): number {
  const active = state.rabbitholes.find(
    (visit) => visit.rabbitholeEventId === state.activeRabbitholeId,
  );
  return state.recalledPointIds.length - (active?.pointsRecalledDuring ?? 0);
}

/**
 * The completion overlay to show now: stored, not answered, outside a rabbit hole, in a
 * session still in progress; otherwise null.
 */
export function visibleCompletionOverlay(
  state: Pick<SessionView, 'overlay' | 'completion' | 'mode' | 'status'>,
): CompletionOverlayData | null {
  if (state.overlay !== 'shown' || state.mode !== 'recall' || state.status !== 'in_progress') {
    return null;
  }
  return state.completion;
}

/**
 * The session's active time at `now` (epoch ms): the stretches closed by a pause or the
 * completion plus the one still open. Paused time never counts. The engine's summary and
 * every client's timer read it from the same folded log, so they agree after a reload, in a
 * second tab and on the finished screen.
 *
 * @example
 * const elapsedMs = activeDurationMs(snapshot.session, Date.now());
 */
export function activeDurationMs(
  state: Pick<SessionView, 'activeSince' | 'activeDurationMs'>,
  now: number,
): number {
  const open = state.activeSince === null ? 0 : Math.max(0, now - state.activeSince);
  return state.activeDurationMs + open;
}
