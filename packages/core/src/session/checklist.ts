// How the engine's checklist moves and what it counts: the targets a start sets, the focus
// over them, the tutor turn's verdicts (failed attempts, misses, probe wrap), the counts read
// from it and the resources it unlocks. Pure; the engine applies these to its own state, never
// to the browser's view. What one learner turn reads of it (the points pending, the point it
// answers) is in `turn-rules.ts`.
import type { Resource } from '../model/recall-set';
import type { EngineSessionState, PointProgress, PointStatus } from './session-state';
import { uncheckedPointIds } from './turn-rules';

type ChecklistView = Pick<EngineSessionState, 'targetPointIds' | 'checklist'>;

/** The first pending point at or after `probeIndex`, wrapping past the end; null when none. */
export function findFocusPoint(
  targetPointIds: readonly string[],
  checklist: Readonly<Record<string, PointStatus>>,
  probeIndex: number,
): string | null {
  const total = targetPointIds.length;
  for (let offset = 0; offset < total; offset += 1) {
    const pointId = targetPointIds[(probeIndex + offset) % total]!;
    if (checklist[pointId] === 'pending') return pointId;
  }
  return null;
}

/** Number of recalled target points. */
export function recalledCount(state: ChecklistView): number {
  return state.targetPointIds.filter((pointId) => state.checklist[pointId] === 'recalled').length;
}

/** True only when the checklist is non-empty and nothing is pending. */
export function isChecklistComplete(state: ChecklistView): boolean {
  return (
    state.targetPointIds.length > 0 &&
    state.targetPointIds.every((pointId) => state.checklist[pointId] === 'recalled')
  );
}

/**
 * Whether a resource may be shown (or given to the rabbit-hole agent) yet. A resource reveals
 * what its linked points say, so it is `locked` until every linked point that is part of this
 * session is recalled (`unlocked`). A resource linked to no point of this session is `free`:
 * it gives nothing of this session away, and no recall ever triggers it.
 */
export type ResourceGate = 'free' | 'locked' | 'unlocked';

/** The gate of `resource` for the session's checklist (see {@link ResourceGate}). */
export function resourceGate(resource: Resource, state: ChecklistView): ResourceGate {
  const gating = resource.links
    .map((link) => link.pointId)
    .filter((pointId) => state.targetPointIds.includes(pointId));
  if (gating.length === 0) return 'free';
  return gating.every((pointId) => state.checklist[pointId] === 'recalled') ? 'unlocked' : 'locked';
}

/** Points the learner attempted and failed: pending, with a miss, failed attempt or near miss. */
export function attemptedAndFailedPointIds(state: EngineSessionState): string[] {
  return uncheckedPointIds(state).filter((pointId) => {
    const progress = state.pointProgress[pointId];
    return (
      progress !== undefined &&
      (progress.misses > 0 || progress.failedAttempts > 0 || progress.nearMisses > 0)
    );
  });
}

/**
 * The state with the checklist over `targetPointIds` (a `session_started` that records its
 * targets): `view` with the list, the count, and each point's status and progress as `state`
 * knew them (new points pending, with no progress), and the focus over it.
 */
export function withTargets(
  state: EngineSessionState,
  view: EngineSessionState,
  targetPointIds: readonly string[],
): EngineSessionState {
  const totalPoints = targetPointIds.length;
  const same =
    totalPoints === state.targetPointIds.length &&
    targetPointIds.every((pointId, index) => state.targetPointIds[index] === pointId);
  if (same) return { ...view, totalPoints };
  const checklist: Record<string, PointStatus> = {};
  const pointProgress: Record<string, PointProgress> = {};
  for (const pointId of targetPointIds) {
    checklist[pointId] = state.checklist[pointId] ?? 'pending';
    pointProgress[pointId] = state.pointProgress[pointId] ?? {
      failedAttempts: 0,
      nearMisses: 0,
      misses: 0,
    };
  }
  return {
    ...view,
    targetPointIds: [...targetPointIds],
    checklist,
    totalPoints,
    pointProgress,
    focusPointId: findFocusPoint(targetPointIds, checklist, state.probeIndex),
  };
}

/** Every this many failed attempts on a point, it is set aside until the others are done (probe wrap). */
export const ATTEMPTS_BEFORE_WRAP = 3;

/** Options for {@link wrapsProbe}. */
export interface WrapsProbeOptions {
  /** The point's failed attempts before this answer. */
  failedBefore: number;
  /** Whether this answer only says the learner cannot recall (`saysCannotRecall`). */
  cannotRecall: boolean;
}

/**
 * Whether one more failed attempt sets the point aside (probe wrap): every
 * {@link ATTEMPTS_BEFORE_WRAP}th one, or sooner when the learner says they cannot recall it
 * although a hint already followed a failed attempt in this round — more hints would only
 * read the answer out, so the point comes back after the others.
 */
export function wrapsProbe(options: WrapsProbeOptions): boolean {
  const after = options.failedBefore + 1;
  if (after % ATTEMPTS_BEFORE_WRAP === 0) return true;
  return options.cannotRecall && options.failedBefore % ATTEMPTS_BEFORE_WRAP !== 0;
}

/**
 * Applies the evaluator's `attempted` verdicts at the end of a recall-mode turn (carried by the
 * tutor's `assistant_message`):
 *
 * - the focus attempted and still pending → one failed attempt on it; every third one sets
 *   it aside (probe wrap: the focus moves on, and comes back to it after the others);
 * - the focus not attempted, but the alternative attempted or recalled → the tutor had moved on
 *   to the alternative: it becomes the probe (a failed attempt on it if it stayed pending) and
 *   the focus comes back after the others;
 * - otherwise (another point answered, off-topic) → nothing: no failed attempt.
 */
export function applyAttempts(
  state: EngineSessionState,
  attemptedPointIds: readonly string[],
): EngineSessionState {
  const focus = state.answeringFocusPointId;
  const alternative = state.answeringAlternativePointId;
  const attempted = new Set(attemptedPointIds);
  let next: EngineSessionState = {
    ...state,
    answeringFocusPointId: null,
    answeringAlternativePointId: null,
  };
  if (focus === null || state.checklist[focus] !== 'pending') return next;
  const cannotRecall = state.answeringCannotRecall;
  if (attempted.has(focus)) return failedAttempt(next, focus, cannotRecall);
  const recalledNow = state.turnObservations.some(
    (observation) => observation.pointId === alternative && observation.kind === 'recalled',
  );
  if (alternative === null || !(attempted.has(alternative) || recalledNow)) return next;
  next = probeFrom(next, state.targetPointIds.indexOf(alternative));
  return next.checklist[alternative] === 'pending' && attempted.has(alternative)
    ? failedAttempt(next, alternative, cannotRecall)
    : next;
}

/**
 * One miss for every pending point the turn's answer tried without credit: the evaluator's
 * attempts and the turn's near misses, each point once.
 */
export function withMisses(
  state: EngineSessionState,
  attemptedPointIds: readonly string[],
): EngineSessionState {
  const missed = new Set(attemptedPointIds);
  for (const observation of state.turnObservations) {
    if (observation.kind === 'near_miss') missed.add(observation.pointId);
  }
  let pointProgress = state.pointProgress;
  for (const pointId of missed) {
    const progress = pointProgress[pointId];
    if (progress === undefined || state.checklist[pointId] !== 'pending') continue;
    pointProgress = { ...pointProgress, [pointId]: { ...progress, misses: progress.misses + 1 } };
  }
  return pointProgress === state.pointProgress ? state : { ...state, pointProgress };
}

function failedAttempt(
  state: EngineSessionState,
  pointId: string,
  cannotRecall: boolean,
): EngineSessionState {
  const progress = state.pointProgress[pointId]!;
  const failedAttempts = progress.failedAttempts + 1;
  const next: EngineSessionState = {
    ...state,
    pointProgress: { ...state.pointProgress, [pointId]: { ...progress, failedAttempts } },
  };
  if (wrapsProbe({ failedBefore: progress.failedAttempts, cannotRecall })) {
    return probeFrom(next, state.targetPointIds.indexOf(pointId) + 1);
  }
  return { ...next, unresolvedFocusPointId: next.focusPointId === pointId ? pointId : null };
}

function probeFrom(state: EngineSessionState, index: number): EngineSessionState {
  const probeIndex = index % state.targetPointIds.length;
  return {
    ...state,
    probeIndex,
    focusPointId: findFocusPoint(state.targetPointIds, state.checklist, probeIndex),
    unresolvedFocusPointId: null,
  };
}
