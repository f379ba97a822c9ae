import type { RecallClientSnapshot } from '@recall/ws';
import { useMemo } from 'react';
import type { RecallActions } from '../provider/recall-actions';
import { useRecallContext } from '../provider/recall-context';
import { useStoreSelector } from '../store/use-store-selector';

/** The client's whole snapshot and every action, as `useRecallSession` returns them. */
export type RecallSession = RecallClientSnapshot & RecallActions;

const selectSnapshot = (snapshot: RecallClientSnapshot) => snapshot;

/**
 * The whole session in one object — the client's snapshot (timeline, session, prompt,
 * overlay, status, connection, error) — plus the actions. It follows the throttled
 * subscription (at most one render per frame while text streams); components that need one
 * slice should use a focused hook or `useRecallSelector` instead.
 */
export function useRecallSession(): RecallSession {
  const { streamStore, actions } = useRecallContext('useRecallSession');
  const snapshot = useStoreSelector(streamStore, selectSnapshot);
  return useMemo(() => ({ ...snapshot, ...actions }), [snapshot, actions]);
}
