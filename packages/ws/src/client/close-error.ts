import type { RecallErrorCode } from '@recall/core';
import { CLOSE_CODE_POLICIES as CLOSE_CODES } from '../protocol/close-code-policies';
import type { ServerMessageOf } from '../protocol/server-messages';

// The error each close code stands for, with its `retryable` from the error table (kept here
// rather than imported: the browser bundle does not carry the table's descriptions).
const ERROR_BY_CLOSE_CODE: ReadonlyMap<number, [RecallErrorCode, boolean]> =
  /* @__PURE__ */ new Map([
    [CLOSE_CODES.UNAUTHORIZED.code, ['UNAUTHORIZED', false]],
    [CLOSE_CODES.FORBIDDEN.code, ['FORBIDDEN', false]],
    [CLOSE_CODES.SESSION_NOT_FOUND.code, ['SESSION_NOT_FOUND', false]],
    [CLOSE_CODES.SESSION_ENDED.code, ['SESSION_ENDED', false]],
    [CLOSE_CODES.UNSUPPORTED_PROTOCOL.code, ['UNSUPPORTED_PROTOCOL', false]],
    [CLOSE_CODES.RATE_LIMITED.code, ['RATE_LIMITED', true]],
  ]);

/**
 * The `error` to record when the client stops reconnecting after a close, so the reason is
 * visible in the state even if the server sent no `error` frame first.
 */
export function closeErrorMessage(code: number, reason: string): ServerMessageOf<'error'> | null {
  const error = ERROR_BY_CLOSE_CODE.get(code);
  if (error === undefined) return null;
  const [errorCode, retryable] = error;
  return {
    type: 'error',
    code: errorCode,
    message: reason || `Connection closed (${code}).`,
    retryable,
  };
}
