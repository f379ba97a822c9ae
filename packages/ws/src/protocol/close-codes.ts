// Plain constants only (no zod): every close code with its retry policy and what it means (the
// README's table is generated from here). The browser client reads close-code-policies.ts.
import { CLOSE_CODE_POLICIES } from './close-code-policies';

/**
 * What a client should do after a close:
 * - `never`: do not reconnect (the session ended, or credentials/permissions are missing);
 * - `immediately`: reconnect at once and resume from `lastSeq`;
 * - `backoff`: reconnect with exponential backoff and jitter, then resume;
 * - `slowly`: reconnect on a slow backoff tier (tens of seconds to minutes).
 */
export type CloseRetryPolicy = 'never' | 'immediately' | 'backoff' | 'slowly';

/** One WebSocket close code Recall uses, with what a client should do about it. */
export interface CloseCodeInfo {
  code: number;
  retry: CloseRetryPolicy;
  description: string;
}

/**
 * Every WebSocket close code a Recall server sends (plus 1006, which browsers report for a
 * dropped link), with its retry policy. Codes 4000–4999 are Recall's own.
 */
export const CLOSE_CODES = {
  NORMAL: {
    ...CLOSE_CODE_POLICIES.NORMAL,
    description: 'Closed on purpose, e.g. after `leave_session`.',
  },
  GOING_AWAY: {
    ...CLOSE_CODE_POLICIES.GOING_AWAY,
    description: 'The server is shutting down or restarting; reconnect (maybe to another node).',
  },
  ABNORMAL: {
    ...CLOSE_CODE_POLICIES.ABNORMAL,
    description: 'Never sent: reported locally when the link dropped without a close frame.',
  },
  MESSAGE_TOO_BIG: {
    ...CLOSE_CODE_POLICIES.MESSAGE_TOO_BIG,
    description:
      'A frame exceeded the size limit (sent by the `ws` library). Reconnect, but do not resend that frame.',
  },
  INTERNAL: {
    ...CLOSE_CODE_POLICIES.INTERNAL,
    description: 'The server hit an unexpected condition.',
  },
  TRY_AGAIN_LATER: {
    ...CLOSE_CODE_POLICIES.TRY_AGAIN_LATER,
    description: 'The server is overloaded.',
  },
  SESSION_ENDED: {
    ...CLOSE_CODE_POLICIES.SESSION_ENDED,
    description: 'The session is completed or abandoned; start a new one.',
  },
  UNSUPPORTED_PROTOCOL: {
    ...CLOSE_CODE_POLICIES.UNSUPPORTED_PROTOCOL,
    description:
      'The client offered no protocol version this server speaks (WebSocket subprotocol, e.g. `recall.v2`); the `error` frame before the close names the supported ones. Update the client.',
  },
  UNAUTHORIZED: {
    ...CLOSE_CODE_POLICIES.UNAUTHORIZED,
    description: 'No valid credentials; authenticate again before reconnecting.',
  },
  FORBIDDEN: {
    ...CLOSE_CODE_POLICIES.FORBIDDEN,
    description: 'The caller may not access this session.',
  },
  SESSION_NOT_FOUND: {
    ...CLOSE_CODE_POLICIES.SESSION_NOT_FOUND,
    description:
      'No session has this id. Not sent by current servers, which refuse unknown and foreign sessions alike with FORBIDDEN (4003); clients still honour it.',
  },
  SLOW_CONSUMER: {
    ...CLOSE_CODE_POLICIES.SLOW_CONSUMER,
    description: 'The client fell too far behind reading; reconnect and resume from `lastSeq`.',
  },
  INVALID_RESUME: {
    ...CLOSE_CODE_POLICIES.INVALID_RESUME,
    description:
      'The resume cursor is out of range; reset the client state and reconnect from seq 0.',
  },
  RATE_LIMITED: {
    ...CLOSE_CODE_POLICIES.RATE_LIMITED,
    description:
      'Too many connections, sessions started or commands; reconnect on the slow tier, not before the `retryAfterMs` of the `error` frame before the close.',
  },
  FRAME_FLOOD: {
    ...CLOSE_CODE_POLICIES.FRAME_FLOOD,
    description:
      'The socket kept sending refused frames (invalid, or over its frame budget); reconnect on the slow tier, not before the `retryAfterMs` of the `error` frame before the close, and fix what the client sends.',
  },
} as const satisfies Record<string, CloseCodeInfo>;

/** The name of a close code in {@link CLOSE_CODES}. */
export type CloseCodeName = keyof typeof CLOSE_CODES;

export { closeCodeRetryPolicy } from './close-code-policies';
