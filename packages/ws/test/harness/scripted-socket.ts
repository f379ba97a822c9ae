import type {
  CloseEventLike,
  MessageEventLike,
  WebSocketLike,
} from '../../src/client/websocket-like';
import type { ClientMessage } from '../../src/protocol/client-messages';
import type { ServerMessage } from '../../src/protocol/server-messages';

/**
 * A WebSocket the test plays the server of: pass the class as the client's `WebSocket`, then
 * `ScriptedSocket.last` is the socket the client opened. `open()` and `deliver(frame)` act as
 * the server; `sent` holds what the client sent, pings left out.
 */
export class ScriptedSocket implements WebSocketLike {
  static last: ScriptedSocket | undefined;
  readyState = 0;
  sent: ClientMessage[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: MessageEventLike) => void) | null = null;
  onclose: ((event: CloseEventLike) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(_url: string) {
    ScriptedSocket.last = this;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(frame: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  send(data: string) {
    const message = JSON.parse(data) as ClientMessage;
    if (message.type !== 'ping') this.sent.push(message);
  }
  close() {
    this.readyState = 3;
  }
}
