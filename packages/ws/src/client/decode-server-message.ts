import { decodeFrame, isRecord, readOwnField } from '../protocol/internal/decode-frame';
import { DEFAULT_MAX_SERVER_FRAME_BYTES } from '../protocol/limits';
import type { ParseMessageResult, ProtocolParseError } from '../protocol/parse-result';
import type { ServerMessage } from '../protocol/server-messages';
import type { FieldKind, FieldTable } from './field-table';
import {
  ENVELOPE_FIELDS,
  EVENT_DATA_FIELDS,
  TRANSIENT_FRAME_FIELDS,
} from './generated/frame-fields';

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
