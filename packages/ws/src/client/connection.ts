import type { ClientMessage } from '../protocol/client-messages';
import { CLOSE_CODE_POLICIES as CLOSE_CODES } from '../protocol/close-code-policies';
import { PROTOCOL_VERSION } from '../protocol/protocol-version';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import {
  WEBSOCKET_OPEN,
  type WebSocketLike,
  type WebSocketLikeConstructor,
} from './websocket-like';
import { decodeFrame, isRecord, readOwnField } from '../protocol/internal/decode-frame';
import { DEFAULT_MAX_SERVER_FRAME_BYTES } from '../protocol/limits';
import type { ParseMessageResult, ProtocolParseError } from '../protocol/parse-result';
import type { FieldKind, FieldTable } from './field-table';
import {
  ENVELOPE_FIELDS,
  EVENT_DATA_FIELDS,
  TRANSIENT_FRAME_FIELDS,
} from './generated/frame-fields';

/** What one connection reports to its owner. */
export interface ConnectionEvents {
  onOpen(): void;
  /** Every valid frame, in the order it arrived. */
  onFrame(frame: ServerMessage): void;
  /** The first frame that is not a refusal arrived (once per socket): the server answers. */
  onAnswered(): void;
  /** An `error` frame arrived (before `onFrame` passes it on): it may ask for a wait. */
  onRefused(error: ServerMessageOf<'error'>): void;
  /** A frame that is not a valid protocol message was dropped (the connection goes on). */
  onProtocolError(error: ProtocolParseError): void;
  /** The link is gone (closed by the server, dropped, or abandoned as dead). Called once. */
  onClose(code: number, reason: string): void;
}

/** Options for {@link openConnection}. */
export interface ConnectionOptions {
  url: string;
  WebSocket: WebSocketLikeConstructor;
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  connectTimeoutMs: number;
  events: ConnectionEvents;
}

/** One socket's life: open (offering `recall.v2`), heartbeat, frames in and out, close. */
export interface Connection {
  /** Sends a message if the socket is open; returns whether it was written. */
  send(message: ClientMessage): boolean;
  /** Closes without reporting `onClose` (the owner is closing on purpose). */
  close(code?: number): void;
}

/**
 * Opens one socket. A socket that has not opened within `connectTimeoutMs`, or that stays
 * silent for `heartbeatTimeoutMs` after a protocol `ping`, is abandoned as dead and reported
 * closed with 1006 without waiting for the browser to notice.
 */
export function openConnection(options: ConnectionOptions): Connection {
  const { events } = options;
  let socket: WebSocketLike | null = null;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  /** Set while a `ping` waits for any frame to prove the link alive. */
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let answered = false;

  function detach(): WebSocketLike | null {
    const current = socket;
    clearTimeout(connectTimer);
    clearInterval(heartbeat);
    clearTimeout(pongTimer);
    pongTimer = undefined;
    socket = null;
    if (current !== null) {
      current.onopen = null;
      current.onmessage = null;
      current.onclose = null;
      current.onerror = () => {};
    }
    return current;
  }

  function drop(code: number, reason: string): void {
    if (socket === null) return;
    detach();
    events.onClose(code, reason);
  }

  function abandon(): void {
    const dead = detach();
    try {
      dead?.close();
    } catch {
      // Already closing.
    }
    events.onClose(CLOSE_CODES.ABNORMAL.code, '');
  }

  function send(message: ClientMessage): boolean {
    if (socket?.readyState !== WEBSOCKET_OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  function ping(): void {
    send({ type: 'ping' });
    pongTimer ??= setTimeout(abandon, options.heartbeatTimeoutMs);
  }

  try {
    socket = new options.WebSocket(options.url, [PROTOCOL_VERSION]);
  } catch {
    // An invalid URL, or a sandbox refusing sockets: report it like a dropped link.
    queueMicrotask(() => events.onClose(CLOSE_CODES.ABNORMAL.code, ''));
    return { send: () => false, close: () => {} };
  }
  const opened = socket;
  opened.onopen = () => {
    clearTimeout(connectTimer);
    events.onOpen();
    ping();
    heartbeat = setInterval(ping, options.heartbeatIntervalMs);
  };
  opened.onmessage = (event) => {
    // Any frame proves the link alive.
    clearTimeout(pongTimer);
    pongTimer = undefined;
    const decoded = decodeServerMessage(event.data);
    if (!decoded.ok) {
      events.onProtocolError(decoded.error);
      return;
    }
    const frame = decoded.message;
    if (frame.type === 'error') events.onRefused(frame);
    else if (!answered) {
      answered = true;
      events.onAnswered();
    }
    events.onFrame(frame);
  };
  opened.onclose = (event) => drop(event.code, event.reason);
  opened.onerror = () => {};
  connectTimer = setTimeout(abandon, options.connectTimeoutMs);

  return {
    send,
    close(code) {
      const current = detach();
      try {
        current?.close(code);
      } catch {
        // Already closing.
      }
    },
  };
}

/** Options for {@link decodeServerMessage}. */
export interface DecodeServerMessageOptions {
  /**
   * Largest accepted frame in UTF-8 bytes, checked before `JSON.parse`.
   * @default DEFAULT_MAX_SERVER_FRAME_BYTES (1 MiB)
   */
  maxBytes?: number;
}

/**
 * The browser client's zod-free check of one server frame: size → JSON (dropping
 * `__proto__`, `constructor` and `prototype` keys) → known `type` → every field of the right
 * primitive shape, with tables generated from the protocol's zod schemas. Accepts every frame
 * `parseServerMessage` accepts (it skips length limits and enumerations, so a newer server's
 * error code still reads) and returns a fresh object holding only the protocol's fields.
 * Never throws.
 */
export function decodeServerMessage(
  raw: unknown,
  options: DecodeServerMessageOptions = {},
): ParseMessageResult<ServerMessage> {
  try {
    const decoded = decodeFrame(raw, {
      maxBytes: options.maxBytes ?? DEFAULT_MAX_SERVER_FRAME_BYTES,
      stripForbiddenKeys: true,
    });
    if (!decoded.ok) return decoded;
    const { value } = decoded;
    if (!isRecord(value)) return invalid('(root): Expected a JSON object.');
    const type = readOwnField(value, 'type');
    if (typeof type !== 'string') return invalid('type: Expected a string.');
    const message = type === 'event' ? readEvent(value) : readTransient(value, type);
    if (typeof message === 'string') {
      return message.startsWith('Unknown')
        ? failure('UNKNOWN_MESSAGE_TYPE', message)
        : invalid(message);
    }
    return { ok: true, message: message as unknown as ServerMessage };
  } catch {
    return invalid('(root): The message could not be read.');
  }
}

function readTransient(value: unknown, type: string): Record<string, unknown> | string {
  if (!Object.hasOwn(TRANSIENT_FRAME_FIELDS, type)) {
    return `Unknown message type ${JSON.stringify(type.slice(0, 64))}.`;
  }
  const table: FieldTable = TRANSIENT_FRAME_FIELDS[type as keyof typeof TRANSIENT_FRAME_FIELDS];
  const fields = readFields(value, table, '');
  return typeof fields === 'string' ? fields : { type, ...fields };
}

function readEvent(value: unknown): Record<string, unknown> | string {
  const event = readOwnField(value, 'event');
  if (!isRecord(event)) return 'event: Expected an object.';
  const eventType = readOwnField(event, 'type');
  if (typeof eventType !== 'string') return 'event.type: Expected a string.';
  if (!Object.hasOwn(EVENT_DATA_FIELDS, eventType)) {
    return `Unknown event type ${JSON.stringify(eventType.slice(0, 64))}.`;
  }
  const envelope = readFields(event, ENVELOPE_FIELDS, 'event.');
  if (typeof envelope === 'string') return envelope;
  const data = readOwnField(event, 'data');
  if (!isRecord(data)) return 'event.data: Expected an object.';
  const dataTable: FieldTable = EVENT_DATA_FIELDS[eventType as keyof typeof EVENT_DATA_FIELDS];
  const fields = readFields(data, dataTable, 'event.data.');
  if (typeof fields === 'string') return fields;
  return { type: 'event', event: { ...envelope, type: eventType, data: fields } };
}

/** A fresh object with the table's fields, or the first problem as `path: reason`. */
function readFields(
  source: unknown,
  table: FieldTable,
  path: string,
): Record<string, unknown> | string {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(table)) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    const spec = table[key] as FieldKind | FieldTable;
    const field = readOwnField(source, name);
    if (field === undefined) {
      if (optional) continue;
      return `${path}${name}: Required.`;
    }
    if (typeof spec === 'object') {
      if (!isRecord(field)) return `${path}${name}: Expected an object.`;
      const nested = readFields(field, spec, `${path}${name}.`);
      if (typeof nested === 'string') return nested;
      result[name] = nested;
    } else if (hasKind(field, spec)) {
      result[name] = Array.isArray(field) ? field.slice() : field;
    } else {
      return `${path}${name}: Expected ${spec}.`;
    }
  }
  return result;
}

function hasKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'id':
      return typeof value === 'string' && value.length > 0;
    case 'count':
      return Number.isInteger(value) && (value as number) >= 0;
    case 'positive':
      return Number.isInteger(value) && (value as number) >= 1;
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'ids':
      return Array.isArray(value) && value.every((item) => hasKind(item, 'id'));
  }
}

function failure(
  code: ProtocolParseError['code'],
  message: string,
): { ok: false; error: ProtocolParseError } {
  return { ok: false, error: { code, message } };
}

function invalid(message: string): { ok: false; error: ProtocolParseError } {
  return failure('INVALID_MESSAGE', message);
}
