import type { RecallErrorCode } from '@recall/core';
import { encodeMessage, errorFrame } from './feed-serializer';
import type { WebSocket } from 'ws';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Answers an upgrade with a plain HTTP error and drops the TCP socket: no WebSocket exists. */
export function rejectUpgrade(socket: Duplex, status: number, body?: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const reason = STATUS_CODES[status] ?? 'Error';
  const text = body ?? reason;
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/**
 * Refuses an upgraded socket the way clients understand: one `error` frame, then a close
 * code whose retry policy they obey; the socket is dropped if the peer never answers.
 */
export function refuseWebSocket(
  socket: WebSocket,
  refusal: { code: RecallErrorCode; message: string; retryAfterMs?: number; closeCode: number },
): void {
  socket.on('error', () => {});
  const { code, message, retryAfterMs } = refusal;
  socket.send(encodeMessage(errorFrame({ code, message, retryAfterMs })));
  socket.close(refusal.closeCode, code);
  setTimeout(() => socket.terminate(), 1_000).unref();
}
