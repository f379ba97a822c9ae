// Plain constants only (no zod): the browser client imports these.
import { COMMAND_TYPES } from '../client/generated/command-fields';

/**
 * Every message type a client may send: the session commands of `@recall/core`'s command
 * catalog, then `ping` (wire-only: a liveness check no engine sees).
 */
export const CLIENT_MESSAGE_TYPES = [...COMMAND_TYPES, 'ping'] as const;

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
