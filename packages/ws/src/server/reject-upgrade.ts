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
