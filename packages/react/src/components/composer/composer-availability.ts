import type { ClientSessionStatus, ConnectionState, RecallClientSnapshot } from '@recall/ws';
import { assertNever } from '../../internal/assert-never';

/** Why the composer is disabled, or `'ready'`. */
export type ComposerAvailability =
  | 'ready'
  | 'connecting'
  | 'reconnecting'
  | 'disconnected'
  | 'paused'
  | 'completed'
  | 'error';

/** The composer can send only on an open connection to an active session. */
export function getComposerAvailability(
  connection: ConnectionState,
  status: ClientSessionStatus,
): ComposerAvailability {
  if (status === 'completed') return 'completed';
  if (status === 'paused') return 'paused';
  if (status === 'error') return 'error';
  switch (connection) {
    case 'open':
      return status === 'active' ? 'ready' : 'connecting';
    case 'idle':
    case 'connecting':
      return 'connecting';
    case 'reconnecting':
      return 'reconnecting';
    case 'closed':
      return 'disconnected';
    default:
      return assertNever(connection, 'connection state');
  }
}

export function selectComposerAvailability(snapshot: RecallClientSnapshot): ComposerAvailability {
  return getComposerAvailability(snapshot.connection, snapshot.status);
}
