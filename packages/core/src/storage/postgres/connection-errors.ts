import { RecallError } from '../../errors/recall-error';
import { sqlState } from '../sql/sql-executor';

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/**
 * Whether `error` means the server could not be reached or dropped the connection (rather
 * than rejecting the statement): SQLSTATE classes 08 (connection exception) and 57P0x
 * (shutdown, crash), socket errors, and pg's "Connection terminated".
 */
export function isConnectionError(error: unknown): boolean {
  const state = sqlState(error);
  if (state !== undefined) return state.startsWith('08') || state.startsWith('57P0');
  if (typeof error === 'object' && error !== null && 'code' in error) {
    if (NETWORK_ERROR_CODES.has(String((error as { code: unknown }).code))) return true;
  }
  return error instanceof Error && /Connection terminated|connection timeout/i.test(error.message);
}

/** Maps connection failures to a retryable `STORAGE_UNAVAILABLE`; other errors pass through. */
export function toStorageError(error: unknown): unknown {
  if (RecallError.isInstance(error) || !isConnectionError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new RecallError('STORAGE_UNAVAILABLE', `PostgreSQL is unreachable: ${message}`, {
    cause: error,
  });
}
