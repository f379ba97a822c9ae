import type { ServerResponse } from 'node:http';
import type { RecallError, RecallErrorCode } from '@recall/core';

const STATUS_BY_CODE: Partial<Record<RecallErrorCode, number>> = {
  INVALID_MESSAGE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  MESSAGE_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  VOICE_NOT_CONFIGURED: 501,
  TRANSCRIPTION_FAILED: 502,
};

/** The HTTP status for an error code; unexpected codes are server errors. */
export function statusForCode(code: RecallErrorCode): number {
  return STATUS_BY_CODE[code] ?? 500;
}

/** Writes a JSON body; `close` asks the client not to reuse a connection we stopped reading. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  options: { close?: boolean; headers?: Record<string, string> } = {},
): void {
  if (response.headersSent || response.destroyed) return;
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(options.close ? { connection: 'close' } : {}),
    ...options.headers,
  });
  response.end(payload);
}

/** Writes `{ error: { code, message } }` with the code's status (or `status` when given). */
export function sendError(
  response: ServerResponse,
  error: RecallError,
  options: { status?: number; close?: boolean } = {},
): void {
  const status = options.status ?? statusForCode(error.code);
  const headers: Record<string, string> =
    error.retryAfterMs === undefined
      ? {}
      : { 'retry-after': String(Math.ceil(error.retryAfterMs / 1000)) };
  sendJson(
    response,
    status,
    { error: { code: error.code, message: error.message } },
    { ...(options.close === undefined ? {} : { close: options.close }), headers },
  );
}
