// The session's business rules, each written once: the engine, the reducer and the browser
// client ask these functions. Pure; no zod.
import type { CompletionOverlayData, PendingRabbithole, SessionView } from './session-view';

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
