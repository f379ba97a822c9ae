import type { EngineSessionState, PointProgress, PointStatus } from './session-state';

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

/**
 * The pending points other than `pointId`, in the order the probe takes them from there: the
 * ones after it in checklist order, then (wrapping) the ones before it.
 */
export function pendingAfter(state: ChecklistView, pointId: string): string[] {
  const total = state.targetPointIds.length;
  const start = state.targetPointIds.indexOf(pointId) + 1;
  const order: string[] = [];
  for (let offset = 0; offset < total; offset += 1) {
    const candidate = state.targetPointIds[(start + offset) % total]!;
    if (candidate !== pointId && state.checklist[candidate] === 'pending') order.push(candidate);
  }
  return order;
}

/** Pending points in checklist order. */
export function uncheckedPointIds(state: ChecklistView): string[] {
  return state.targetPointIds.filter((pointId) => state.checklist[pointId] === 'pending');
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

/** Normalises a rabbit-hole topic for duplicate checks. */
export function normalizeTopic(topic: string): string {
  return topic
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
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
