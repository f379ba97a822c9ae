// The close codes a client acts on: number and retry policy only. The browser client imports
// this module, never the descriptions (close-codes.ts), so that prose stays out of its bundle.
import type { CloseRetryPolicy } from './close-codes';

/** Each close code's number and retry policy; {@link CLOSE_CODES} adds the descriptions. */
export const CLOSE_CODE_POLICIES = {
  NORMAL: { code: 1000, retry: 'never' },
  GOING_AWAY: { code: 1001, retry: 'backoff' },
  ABNORMAL: { code: 1006, retry: 'backoff' },
  MESSAGE_TOO_BIG: { code: 1009, retry: 'backoff' },
  INTERNAL: { code: 1011, retry: 'backoff' },
  TRY_AGAIN_LATER: { code: 1013, retry: 'slowly' },
  SESSION_ENDED: { code: 4000, retry: 'never' },
  UNSUPPORTED_PROTOCOL: { code: 4002, retry: 'never' },
  UNAUTHORIZED: { code: 4001, retry: 'never' },
  FORBIDDEN: { code: 4003, retry: 'never' },
  SESSION_NOT_FOUND: { code: 4004, retry: 'never' },
  SLOW_CONSUMER: { code: 4008, retry: 'immediately' },
  INVALID_RESUME: { code: 4009, retry: 'immediately' },
  RATE_LIMITED: { code: 4029, retry: 'slowly' },
  FRAME_FLOOD: { code: 4030, retry: 'slowly' },
} as const satisfies Record<string, { code: number; retry: CloseRetryPolicy }>;

const policyByCode: ReadonlyMap<number, CloseRetryPolicy> = /* @__PURE__ */ new Map(
  Object.values(CLOSE_CODE_POLICIES).map((entry) => [entry.code, entry.retry]),
);

/**
 * The retry policy for a close code. Codes not in {@link CLOSE_CODE_POLICIES} (e.g. from a proxy or
 * a newer server) get `backoff`: reconnecting politely is safe, giving up is not.
 *
 * @example
 * if (closeCodeRetryPolicy(event.code) === 'never') stopReconnecting();
 */
export function closeCodeRetryPolicy(code: number): CloseRetryPolicy {
  return policyByCode.get(code) ?? 'backoff';
}
