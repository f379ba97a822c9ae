import type { RecallErrorCode } from '@recall/core';

/** The error codes a message parser can return. */
export const PROTOCOL_PARSE_ERROR_CODES = [
  'MESSAGE_TOO_LARGE',
  'INVALID_JSON',
  'INVALID_MESSAGE',
  'UNKNOWN_MESSAGE_TYPE',
] as const satisfies ReadonlyArray<RecallErrorCode>;

/** An error code a message parser can return. */
export type ProtocolParseErrorCode = (typeof PROTOCOL_PARSE_ERROR_CODES)[number];

/** Why a frame was rejected; plain data, ready to send back as an `error` message. */
export interface ProtocolParseError {
  code: ProtocolParseErrorCode;
  /** Human-readable; names the offending field path for `INVALID_MESSAGE`. */
  message: string;
  /** The frame's own `clientMessageId`, when it was readable, so the sender can match the error. */
  clientMessageId?: string;
}

/** The result of parsing one frame: never a throw. */
export type ParseMessageResult<Message> =
  | { ok: true; message: Message }
  | { ok: false; error: ProtocolParseError };
