import { useMemo } from 'react';
import { shallowEqual } from '../internal/shallow-equal';
import type { RecallActions } from '../provider/recall-actions';
import { useRecallContext, useStoreSelector } from '../provider/recall-provider';
import { type ConnectionSummary, selectConnectionStatus } from '../selectors/connection';

/** Connection health and `retry`, as `useConnectionState` returns them. */
export interface ConnectionStateView extends ConnectionSummary, Pick<RecallActions, 'retry'> {}

/** The connection (`idle | connecting | open | reconnecting | closed`), session status, last error. */
export function useConnectionState(): ConnectionStateView {
  const { store, actions } = useRecallContext('useConnectionState');
  const status = useStoreSelector(store, selectConnectionStatus, shallowEqual);
  return useMemo(() => ({ ...status, retry: actions.retry }), [status, actions]);
}
