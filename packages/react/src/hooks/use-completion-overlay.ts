import type { CompletionOverlayData } from '@recall/core/view';
import type { RecallClientSnapshot } from '@recall/ws';
import { useMemo } from 'react';
import type { RecallActions } from '../provider/recall-actions';
import { useRecallContext, useStoreSelector } from '../provider/recall-provider';

/** The completion overlay and its two answers, as `useCompletionOverlay` returns them. */
export interface CompletionOverlayState
  extends Pick<RecallActions, 'dismissOverlay' | 'leaveSession'> {
  /** The overlay to show now: `null` when none, dismissed, or deferred by a rabbit hole. */
  completionOverlay: CompletionOverlayData | null;
  isOpen: boolean;
}

const selectOverlay = ({ completionOverlay }: RecallClientSnapshot) => completionOverlay;

/** The "everything recalled" overlay: Continue (`dismissOverlay`) or Done (`leaveSession`). */
export function useCompletionOverlay(): CompletionOverlayState {
  const { store, actions } = useRecallContext('useCompletionOverlay');
  const completionOverlay = useStoreSelector(store, selectOverlay);
  return useMemo(
    () => ({
      completionOverlay,
      isOpen: completionOverlay !== null,
      dismissOverlay: actions.dismissOverlay,
      leaveSession: actions.leaveSession,
    }),
    [completionOverlay, actions],
  );
}
