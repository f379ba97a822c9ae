import type { RecallErrorCode } from '@recall/core';
import { CLOSE_CODES } from '../protocol/close-codes';
import type { ServerMessageOf } from '../protocol/server-messages';

const ERROR_CODE_BY_CLOSE_CODE: ReadonlyMap<number, RecallErrorCode> = new Map([
  [CLOSE_CODES.UNAUTHORIZED.code, 'UNAUTHORIZED'],
  [CLOSE_CODES.FORBIDDEN.code, 'FORBIDDEN'],
  [CLOSE_CODES.SESSION_NOT_FOUND.code, 'SESSION_NOT_FOUND'],
  [CLOSE_CODES.SESSION_ENDED.code, 'SESSION_ENDED'],
  [CLOSE_CODES.RATE_LIMITED.code, 'RATE_LIMITED'],
]);

/**
 * The `error` message to record when the client stops reconnecting after a close, so the
 * reason is visible in the state even if the server sent no `error` frame first.
 */
export function closeErrorMessage(code: number, reason: string): ServerMessageOf<'error'> | null {
  const errorCode = ERROR_CODE_BY_CLOSE_CODE.get(code);
  if (errorCode === undefined) return null;
  return { type: 'error', code: errorCode, message: reason || `Connection closed (${code}).` };
}
