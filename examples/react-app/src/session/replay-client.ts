import type { ClientSessionState, RecallClient, RecallClientSnapshot } from '@recall/ws';

/**
 * A read-only `RecallClient` over a finished state, so a replayed session renders with the
 * same components as a live one. Actions do nothing; there is no connection.
 */
export function createReplayClient(state: ClientSessionState): RecallClient {
  const snapshot: RecallClientSnapshot = { state, connection: 'closed', outbox: 0 };
  const nothing = () => {};
  return {
    getSnapshot: () => snapshot,
    subscribe: () => nothing,
    connect: nothing,
    sendMessage: () => '',
    leaveSession: nothing,
    enterRabbithole: nothing,
    exitRabbithole: nothing,
    declineRabbithole: nothing,
    dismissOverlay: nothing,
    retry: nothing,
    close: nothing,
  };
}
