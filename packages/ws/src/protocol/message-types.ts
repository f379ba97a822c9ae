// Plain constants only (no zod): the browser-side client state imports these.

/** Every message type a client may send, exactly these seven. */
export const CLIENT_MESSAGE_TYPES = [
  'user_message',
  'leave_session',
  'enter_rabbithole',
  'exit_rabbithole',
  'decline_rabbithole',
  'dismiss_overlay',
  'ping',
] as const;

/** A client → server message type. */
export type ClientMessageType = (typeof CLIENT_MESSAGE_TYPES)[number];

/** Every message type a server may send. */
export const SERVER_MESSAGE_TYPES = [
  'session_started',
  'assistant_chunk',
  'assistant_complete',
  'recall_point_recalled',
  'recall_point_near_miss',
  'rabbithole_detected',
  'rabbithole_entered',
  'rabbithole_exited',
  'rabbithole_declined',
  'session_complete_overlay',
  'session_paused',
  'show_image',
  'show_resource',
  'session_complete',
  'user_message',
  'error',
  'pong',
  'ack',
] as const;

/** A server → client message type. */
export type ServerMessageType = (typeof SERVER_MESSAGE_TYPES)[number];

/**
 * Server messages that do not come from the event log and so carry no `seq`: they are
 * delivered live only and never replayed.
 */
export const TRANSIENT_SERVER_MESSAGE_TYPES = [
  'assistant_chunk',
  'error',
  'pong',
  'ack',
] as const satisfies ReadonlyArray<ServerMessageType>;

/** A server message type that carries no `seq`. */
export type TransientServerMessageType = (typeof TRANSIENT_SERVER_MESSAGE_TYPES)[number];
