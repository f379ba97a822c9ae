import type {
  ClientSessionStatus,
  ConnectionState,
  RecallClientSnapshot,
  WireError,
} from '@recall/ws';

/** The transport and session health, as `useConnectionState` returns it. */
export interface ConnectionSummary {
  connection: ConnectionState;
  status: ClientSessionStatus;
  /** The last error the server reported. */
  error: WireError | null;
  /** Commands sent but not yet acknowledged (they are resent after a reconnect). */
  outbox: number;
}

export function selectConnectionStatus(snapshot: RecallClientSnapshot): ConnectionSummary {
  return {
    connection: snapshot.connection,
    status: snapshot.status,
    error: snapshot.lastError,
    outbox: snapshot.outbox,
  };
}
