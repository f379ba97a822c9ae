// Method syntax makes the handler parameter bivariant, so both the browser's WebSocket and
// the `ws` package's class (whose event types are richer) satisfy these shapes.
type Handler<Event> = { bivarianceHack(event: Event): void }['bivarianceHack'];

/** The events the client reads; browsers and `ws` both provide these fields. */
export interface MessageEventLike {
  data: unknown;
}
/** The close event fields the client reads: the close code and reason. */
export interface CloseEventLike {
  code: number;
  reason: string;
}

/** The subset of the WebSocket API the client uses (browser `WebSocket` or `ws`). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<MessageEventLike> | null;
  onclose: Handler<CloseEventLike> | null;
  onerror: Handler<unknown> | null;
}

/**
 * A WebSocket constructor (browser `WebSocket`, or `WebSocket` from the `ws` package). The
 * client passes the protocol versions it speaks as the second argument (subprotocols).
 */
export type WebSocketLikeConstructor = new (url: string, protocols?: string[]) => WebSocketLike;

/** `readyState` of an open socket (the same value in every implementation). */
export const WEBSOCKET_OPEN = 1;
