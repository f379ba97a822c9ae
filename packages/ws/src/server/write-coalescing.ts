import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** Sockets corked during the current event-loop turn, uncorked together at its end. */
const corked = new Set<Duplex>();

function uncorkAll(): void {
  const sockets = [...corked];
  corked.clear();
  // One uncork per cork: the frames written meanwhile leave in one write (a writev).
  for (const socket of sockets) if (!socket.destroyed) socket.uncork();
}

/**
 * Holds the socket's writes until the end of the current event-loop turn, so every frame
 * sent to it during the turn — events, chunks, acks — leaves in one write system call instead
 * of one each. Call it right before `send`: frames stay whole (one JSON message per WebSocket
 * frame) and in order, and nothing waits longer than the turn. Repeated calls in one turn
 * cork once.
 */
export function coalesceWrites(webSocket: WebSocket): void {
  const socket = (webSocket as unknown as { _socket?: Duplex })._socket;
  if (socket === undefined || socket.destroyed || corked.has(socket)) return;
  if (corked.size === 0) setImmediate(uncorkAll);
  socket.cork();
  corked.add(socket);
}
