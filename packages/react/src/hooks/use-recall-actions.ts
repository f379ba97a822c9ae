import type { RecallClient } from '@recall/ws';
import type { RecallActions } from '../provider/recall-actions';
import { useRecallContext } from '../provider/recall-provider';

/** The session actions: one object, stable for the life of the client; never renders. */
export function useRecallActions(): RecallActions {
  return useRecallContext('useRecallActions').actions;
}

/** The client given to `RecallProvider`, for anything the hooks do not cover. */
export function useRecallClient(): RecallClient {
  return useRecallContext('useRecallClient').client;
}
