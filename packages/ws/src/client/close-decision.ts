import {
  CLOSE_CODE_POLICIES as CLOSE_CODES,
  closeCodeRetryPolicy,
} from '../protocol/close-code-policies';
import type { ServerMessageOf } from '../protocol/server-messages';
import { computeReconnectDelay, type ReconnectOptions } from './backoff';
import { closeErrorMessage } from './close-error';

/** What the client does after its socket closed. */
export type CloseDecision =
  /** The remembered session is gone or not ours: start over on the recall set, at once. */
  | { kind: 'restart-on-recall-set' }
  /** Stop reconnecting; record `error` (when the close carries a reason) in the state. */
  | { kind: 'stop'; error: ServerMessageOf<'error'> | null }
  /** Reconnect after `delayMs`; with `resync`, drop the state and replay from seq 0. */
  | { kind: 'reconnect'; delayMs: number; resync: boolean };

/** Options for {@link decideAfterClose}. */
export interface CloseDecisionOptions {
  code: number;
  reason: string;
  /** Failed attempts in a row so far. */
  attempt: number;
  reconnect: Readonly<Required<ReconnectOptions>>;
  random: () => number;
  /**
   * What is left of the server's last `retryAfterMs` (from any typed refusal: rate limits,
   * session budgets, spend budgets, overload), 0 when none: no reconnect comes sooner.
   */
  retryAfterMs: number;
  /** The session id came from persistence and a recall set is known to fall back on. */
  canRestartOnRecallSet: boolean;
}

/**
 * The close-code policy of {@link CLOSE_CODES}, as one pure decision: never retry
 * auth/forbidden/ended closes, reconnect at once after a slow-consumer or invalid-resume
 * close (the latter with a full resync), slowly after rate limits, with backoff otherwise;
 * and whatever the policy, never before the server's `retryAfterMs`.
 */
export function decideAfterClose(options: CloseDecisionOptions): CloseDecision {
  const { code, attempt } = options;
  const staleSession =
    code === CLOSE_CODES.FORBIDDEN.code || code === CLOSE_CODES.SESSION_NOT_FOUND.code;
  if (staleSession && options.canRestartOnRecallSet) return { kind: 'restart-on-recall-set' };
  const policy = closeCodeRetryPolicy(code);
  if (policy === 'never' || attempt >= options.reconnect.maxAttempts) {
    return { kind: 'stop', error: closeErrorMessage(code, options.reason) };
  }
  const resync = code === CLOSE_CODES.INVALID_RESUME.code;
  if (policy === 'immediately' && attempt === 0) {
    return { kind: 'reconnect', delayMs: options.retryAfterMs, resync };
  }
  const backoff = computeReconnectDelay({
    attempt,
    reconnect: options.reconnect,
    slow: policy === 'slowly',
    random: options.random,
  });
  return { kind: 'reconnect', delayMs: Math.max(backoff, options.retryAfterMs), resync };
}
