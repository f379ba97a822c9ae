// Plain constants only (no zod): the browser client imports these.

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

/**
 * Every frame type a server may send: `event` carries one stored event of the session's log;
 * the others are transient (never stored, never replayed).
 */
export const SERVER_MESSAGE_TYPES = [
  'event',
  'history_end',
  'chunk',
  'ack',
  'error',
  'pong',
] as const;

/** A server → client frame type. */
export type ServerMessageType = (typeof SERVER_MESSAGE_TYPES)[number];
