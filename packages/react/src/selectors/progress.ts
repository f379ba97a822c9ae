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

export function selectProgress({ state }: RecallClientSnapshot): RecallProgress {
  return {
    status: state.status,
    recalledCount: state.recalledCount,
    displayedRecalledCount: state.displayedRecalledCount,
    totalPoints: state.totalPoints,
    isInRabbithole: state.isInRabbithole,
    rabbitholeLabels: state.rabbitholeLabels,
  };
}
