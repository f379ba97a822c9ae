import type { ClientSessionStatus, RecallClientSnapshot } from '@recall/ws';

/** Progress through the recall set, as `useRecallProgress` returns it. */
export interface RecallProgress {
  status: ClientSessionStatus;
  /** The true number of recalled points. */
  recalledCount: number;
  /** The number to show: recalls made inside a rabbit hole appear only after it. */
  displayedRecalledCount: number;
  totalPoints: number;
  /** Progress is hidden while in a rabbit hole. */
  isInRabbithole: boolean;
  /** Labels of the rabbit holes explored so far. */
  rabbitholeLabels: readonly string[];
}

// Labels are rebuilt only when the session's rabbit holes change.
const labelsCache = /* @__PURE__ */ new WeakMap<object, readonly string[]>();

/** Labels of the rabbit holes the learner came back from, in order. */
export function exploredRabbitholeLabels(snapshot: RecallClientSnapshot): readonly string[] {
  const { rabbitholes } = snapshot.session;
  let labels = labelsCache.get(rabbitholes);
  if (labels === undefined) {
    labels = rabbitholes.filter((visit) => visit.status === 'exited').map((visit) => visit.label);
    labelsCache.set(rabbitholes, labels);
  }
  return labels;
}

export function selectProgress(snapshot: RecallClientSnapshot): RecallProgress {
  const { session } = snapshot;
  return {
    status: snapshot.status,
    recalledCount: session.recalledPointIds.length,
    displayedRecalledCount: snapshot.displayedRecalledCount,
    totalPoints: session.totalPoints,
    isInRabbithole: session.mode === 'rabbithole',
    rabbitholeLabels: exploredRabbitholeLabels(snapshot),
  };
}
