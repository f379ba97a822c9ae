import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { coalesceWrites } from './upgrade-handler';

let server: WebSocketServer | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server socket and a client socket connected to it, with the client's received frames. */
async function connectedPair() {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server!.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => server!.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.on('message', (data) => received.push(String(data)));
  await new Promise((resolve) => client.once('open', resolve));
  const socket = await accepted;
  // Every write the server's TCP socket makes: one system call each.
  const raw = (socket as unknown as { _socket: Duplex & Record<string, unknown> })._socket;
  const writes = { count: 0 };
  for (const method of ['_write', '_writev'] as const) {
    const original = raw[method] as (...args: unknown[]) => unknown;
    raw[method] = (...args: unknown[]) => {
      writes.count += 1;
      return original.apply(raw, args);
    };
  }
  return { socket, client, received, writes };
}

describe('coalesceWrites', () => {
  test("a turn's frames leave in one write, each still its own message, in order", async () => {
    const { socket, client, received, writes } = await connectedPair();
    const frames = Array.from({ length: 5 }, (_, index) => JSON.stringify({ index }));
    for (const frame of frames) {
      coalesceWrites(socket);
      socket.send(frame);
    }
    await vi.waitFor(() => expect(received).toHaveLength(5));
    expect(received).toEqual(frames);
    expect(writes.count).toBe(1);

    // The next turn's frame is not held back by the previous one.
    coalesceWrites(socket);
    socket.send('{"index":5}');
    await vi.waitFor(() => expect(received).toHaveLength(6));
    expect(writes.count).toBe(2);
    client.close();
  });

  test('without it, each frame is a write of its own (the baseline it improves on)', async () => {
    const { socket, client, received, writes } = await connectedPair();
    for (let index = 0; index < 5; index += 1) socket.send(JSON.stringify({ index }));
    await vi.waitFor(() => expect(received).toHaveLength(5));
    expect(writes.count).toBe(5);
    client.close();
  });

  test('a socket closed in the same turn is not written to after it', async () => {
    const { socket, client } = await connectedPair();
    const closed = new Promise((resolve) => client.once('close', resolve));
    coalesceWrites(socket);
    socket.send('{"last":true}');
    socket.terminate();
    await closed;
    // The uncork at the end of the turn finds a destroyed socket and leaves it alone.
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });
});
