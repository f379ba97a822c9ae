import { connect, type Socket } from 'node:net';

/** A WebSocket spoken byte by byte over TCP, to send frames `ws` clients never would. */
export interface RawFrameSocket {
  readonly socket: Socket;
  /** Sends one masked frame. */
  sendFrame(frame: { fin: boolean; opcode: number; payload: Buffer }): void;
  /** Resolves with the code of the first close frame the server sends (or 1006 on a drop). */
  readonly closeCode: Promise<number>;
}

/** Performs the opening handshake on `path` and resolves once the server answered 101. */
export function openRawFrameSocket(port: number, path: string): Promise<RawFrameSocket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  let resolveClose!: (code: number) => void;
  const closeCode = new Promise<number>((resolve) => {
    resolveClose = resolve;
  });
  socket.on('close', () => resolveClose(1006));
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
          'Sec-WebSocket-Protocol: recall.v2\r\n\r\n',
      );
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buffer.subarray(0, end).toString();
        if (!head.startsWith('HTTP/1.1 101')) {
          reject(new Error(`Upgrade refused: ${head.split('\r\n')[0]}`));
          return;
        }
        upgraded = true;
        buffer = buffer.subarray(end + 4);
        resolve({ socket, sendFrame: (frame) => socket.write(encodeFrame(frame)), closeCode });
      }
      // Scan server frames (unmasked) for a close frame.
      while (buffer.length >= 2) {
        const opcode = buffer[0]! & 0x0f;
        let length = buffer[1]! & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) return;
          length = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffer.length < offset + length) return;
        if (opcode === 0x8) resolveClose(length >= 2 ? buffer.readUInt16BE(offset) : 1005);
        buffer = buffer.subarray(offset + length);
      }
    });
  });
}

function encodeFrame(frame: { fin: boolean; opcode: number; payload: Buffer }): Buffer {
  const { payload } = frame;
  const lengthBytes = payload.length < 126 ? 0 : payload.length < 65_536 ? 2 : 8;
  const header = Buffer.alloc(2 + lengthBytes + 4);
  header[0] = (frame.fin ? 0x80 : 0) | frame.opcode;
  if (lengthBytes === 0) header[1] = 0x80 | payload.length;
  else if (lengthBytes === 2) {
    header[1] = 0x80 | 126;
    header.writeUInt16BE(payload.length, 2);
  } else {
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  // A zero mask keeps the payload readable; the frame is still a valid masked frame.
  return Buffer.concat([header, payload]);
}
