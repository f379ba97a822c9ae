import { useMemo } from 'react';
import { shallowEqual } from '../internal/shallow-equal';
import type { RecallActions } from '../provider/recall-actions';
import { useRecallContext, useStoreSelector } from '../provider/recall-provider';
import { type RabbitholeState, selectRabbithole } from '../selectors/rabbithole';

/** Rabbit-hole state and its three actions, as `useRabbithole` returns them. */
export interface Rabbithole
  extends RabbitholeState,
    Pick<RecallActions, 'enterRabbithole' | 'exitRabbithole' | 'declineRabbithole'> {}

/** The pending prompt, the current rabbit hole and the explored labels, with their actions. */
export function useRabbithole(): Rabbithole {
  const { store, actions } = useRecallContext('useRabbithole');
  const state = useStoreSelector(store, selectRabbithole, shallowEqual);
  return useMemo(
    () => ({
      ...state,
      enterRabbithole: actions.enterRabbithole,
      exitRabbithole: actions.exitRabbithole,
      declineRabbithole: actions.declineRabbithole,
    }),
    [state, actions],
  );
}
