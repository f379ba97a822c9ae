import { useMemo } from 'react';
import type { RecallActions } from '../provider/recall-actions';
import { useRecallContext } from '../provider/recall-context';
import { type RecallSessionState, selectSessionState } from '../selectors/session-view';
import { useStoreSelector } from '../store/use-store-selector';

/** The whole session and every action, as `useRecallSession` returns it. */
export interface RecallSession extends RecallSessionState, RecallActions {}

/**
 * The whole session in one object: messages (with the streaming text), progress, rabbit
 * hole, overlay, shown resources, error and connection, plus the actions. It follows the
 * throttled subscription (at most one render per frame while text streams); components that
 * need one slice should use a focused hook or `useRecallSelector` instead.
 */
export function useRecallSession(): RecallSession {
  const { streamStore, actions } = useRecallContext('useRecallSession');
  const state = useStoreSelector(streamStore, selectSessionState);
  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}
