// Plain constants only (no zod): the browser client decides on reconnects with these.

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
    code: 1000,
    retry: 'never',
    description: 'Closed on purpose, e.g. after `leave_session`.',
  },
  GOING_AWAY: {
    code: 1001,
    retry: 'backoff',
    description: 'The server is shutting down or restarting; reconnect (maybe to another node).',
  },
  ABNORMAL: {
    code: 1006,
    retry: 'backoff',
    description: 'Never sent: reported locally when the link dropped without a close frame.',
  },
  MESSAGE_TOO_BIG: {
    code: 1009,
    retry: 'backoff',
    description:
      'A frame exceeded the size limit (sent by the `ws` library). Reconnect, but do not resend that frame.',
  },
  INTERNAL: {
    code: 1011,
    retry: 'backoff',
    description: 'The server hit an unexpected condition.',
  },
  TRY_AGAIN_LATER: {
    code: 1013,
    retry: 'slowly',
    description: 'The server is overloaded.',
  },
  SESSION_ENDED: {
    code: 4000,
    retry: 'never',
    description: 'The session is completed or abandoned; start a new one.',
  },
  UNSUPPORTED_PROTOCOL: {
    code: 4002,
    retry: 'never',
    description:
      'The client offered no protocol version this server speaks (WebSocket subprotocol, e.g. `recall.v2`); the `error` frame before the close names the supported ones. Update the client.',
  },
  UNAUTHORIZED: {
    code: 4001,
    retry: 'never',
    description: 'No valid credentials; authenticate again before reconnecting.',
  },
  FORBIDDEN: {
    code: 4003,
    retry: 'never',
    description: 'The caller may not access this session.',
  },
  SESSION_NOT_FOUND: {
    code: 4004,
    retry: 'never',
    description:
      'No session has this id. Not sent by current servers, which refuse unknown and foreign sessions alike with FORBIDDEN (4003); clients still honour it.',
  },
  SLOW_CONSUMER: {
    code: 4008,
    retry: 'immediately',
    description: 'The client fell too far behind reading; reconnect and resume from `lastSeq`.',
  },
  INVALID_RESUME: {
    code: 4009,
    retry: 'immediately',
    description:
      'The resume cursor is out of range; reset the client state and reconnect from seq 0.',
  },
  RATE_LIMITED: {
    code: 4029,
    retry: 'slowly',
    description:
      'Too many connections, sessions started or commands; reconnect on the slow tier, not before the `retryAfterMs` of the `error` frame before the close.',
  },
  FRAME_FLOOD: {
    code: 4030,
    retry: 'slowly',
    description:
      'The socket kept sending refused frames (invalid, or over its frame budget); reconnect on the slow tier, not before the `retryAfterMs` of the `error` frame before the close, and fix what the client sends.',
  },
} as const satisfies Record<string, CloseCodeInfo>;

/** The name of a close code in {@link CLOSE_CODES}. */
export type CloseCodeName = keyof typeof CLOSE_CODES;

const policyByCode: ReadonlyMap<number, CloseRetryPolicy> = /* @__PURE__ */ new Map(
  Object.values(CLOSE_CODES).map((entry) => [entry.code, entry.retry]),
);

/**
 * The retry policy for a close code. Codes not in {@link CLOSE_CODES} (e.g. from a proxy or
 * a newer server) get `backoff`: reconnecting politely is safe, giving up is not.
 *
 * @example
 * if (closeCodeRetryPolicy(event.code) === 'never') stopReconnecting();
 */
export function closeCodeRetryPolicy(code: number): CloseRetryPolicy {
  return policyByCode.get(code) ?? 'backoff';
}
