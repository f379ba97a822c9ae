import { assertNever } from '../client-state/assert-never';
import { decodeFrame, isRecord, readOwnField } from '../protocol/internal/decode-frame';
import { DEFAULT_MAX_SERVER_FRAME_BYTES } from '../protocol/limits';
import { TRANSIENT_SERVER_MESSAGE_TYPES } from '../protocol/message-types';
import type { ParseMessageResult, ProtocolParseError } from '../protocol/parse-result';
import type { ServerMessage } from '../protocol/server-messages';
import { type FieldKind, type FieldTable, SERVER_MESSAGE_FIELDS } from './server-message-fields';

const TRANSIENT: ReadonlySet<string> = new Set(TRANSIENT_SERVER_MESSAGE_TYPES);

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
 * `__proto__`, `constructor` and `prototype` keys) → known `type` → `seq` a positive
 * integer on log messages → every field of the right primitive shape. Accepts every
 * message `parseServerMessage` accepts (it skips enumerations and length limits) and
 * returns the same fresh object holding only the protocol's fields. Never throws.
 */
export function decodeServerMessage(
  raw: unknown,
  options: DecodeServerMessageOptions = {},
): ParseMessageResult<ServerMessage> {
  try {
    const decoded = decodeFrame(raw, options.maxBytes ?? DEFAULT_MAX_SERVER_FRAME_BYTES);
    if (!decoded.ok) return decoded;
    const { value } = decoded;
    if (!isRecord(value)) return invalid('(root): Expected a JSON object.');
    const type = readOwnField(value, 'type');
    if (typeof type !== 'string') return invalid('type: Expected a string.');
    if (!Object.hasOwn(SERVER_MESSAGE_FIELDS, type)) {
      return failure(
        'UNKNOWN_MESSAGE_TYPE',
        `Unknown message type ${JSON.stringify(type.slice(0, 64))}.`,
      );
    }
    const message = readFields(
      value,
      SERVER_MESSAGE_FIELDS[type as keyof typeof SERVER_MESSAGE_FIELDS],
      '',
    );
    if (typeof message === 'string') return invalid(message);
    // A transient message's stray `seq` is not copied: the reducer reads the presence of
    // `seq` as "from the log".
    if (!TRANSIENT.has(type)) {
      const seq = readOwnField(value, 'seq');
      if (!(Number.isInteger(seq) && (seq as number) > 0)) {
        return invalid('seq: Expected a positive integer.');
      }
      message.seq = seq;
    }
    message.type = type;
    return { ok: true, message: message as unknown as ServerMessage };
  } catch {
    return invalid('(root): The message could not be read.');
  }
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
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'ids':
      return Array.isArray(value) && value.every((item) => hasKind(item, 'id'));
    default:
      return assertNever(kind, 'field kind');
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
