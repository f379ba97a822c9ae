import type * as z from 'zod';
import { MAX_CLIENT_MESSAGE_ID_LENGTH } from '../limits';
import type { ParseMessageResult, ProtocolParseError } from '../parse-result';

/** Keys that could reach an object's prototype if ever copied with assignment. */
const FORBIDDEN_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** The decoded JSON value of a frame, or why it could not be decoded. */
export type DecodedFrame = { ok: true; value: unknown } | { ok: false; error: ProtocolParseError };

/** Options for {@link decodeFrame}. */
export interface DecodeFrameOptions {
  /** Largest frame in UTF-8 bytes, checked before anything is parsed. */
  maxBytes: number;
  /**
   * Delete `__proto__`, `constructor` and `prototype` keys at every depth after parsing. Not
   * needed when a schema builds the result from named fields only (the server's parser);
   * needed when nested values are kept as they came (the browser's decoder).
   */
  stripForbiddenKeys: boolean;
}

/**
 * Size → first byte → JSON for a raw frame. A string is size-checked, then refused unless it
 * starts (after whitespace) with `{`, before `JSON.parse` (no per-value reviver: a reviver
 * call per value made a 60 KB array cost milliseconds); binary data (Buffer, ArrayBuffer,
 * typed arrays, Blob) is rejected; any other value is taken as an already-decoded JSON value.
 */
export function decodeFrame(raw: unknown, options: DecodeFrameOptions): DecodedFrame {
  const { maxBytes } = options;
  if (typeof raw === 'string') {
    if (exceedsUtf8Bytes(raw, maxBytes)) {
      return tooLarge(`The frame exceeds ${maxBytes} bytes.`);
    }
    const refused = refuseNonObject(raw);
    if (refused !== undefined) return refused;
    const parsed = parseJson(raw);
    if (parsed.ok && options.stripForbiddenKeys) stripForbiddenKeys(parsed.value);
    return parsed;
  }
  const binaryBytes = binaryByteLength(raw);
  if (binaryBytes !== undefined) {
    if (binaryBytes > maxBytes) return tooLarge(`The frame exceeds ${maxBytes} bytes.`);
    return invalid('(root): Binary frames are not supported; send JSON text.');
  }
  return { ok: true, value: raw };
}

/** Characters a JSON text may start with that are not an object: the value is refused unread. */
const OTHER_JSON_STARTS = '["-0123456789tfn';

/**
 * Looks only at the first non-whitespace character: every message is a JSON object, so
 * anything else is refused without parsing it.
 */
function refuseNonObject(text: string): DecodedFrame | undefined {
  let index = 0;
  while (index < text.length && isJsonWhitespace(text.charCodeAt(index))) index += 1;
  const first = text.charAt(index);
  if (first === '{') return undefined;
  if (first !== '' && OTHER_JSON_STARTS.includes(first)) {
    return invalid('(root): Expected a JSON object.');
  }
  return notJson();
}

function isJsonWhitespace(unit: number): boolean {
  return unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d;
}

function parseJson(text: string): DecodedFrame {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // Only a SyntaxError means "not JSON"; anything else (e.g. nesting deep enough to
    // exhaust the stack) is valid JSON we refuse to process.
    if (error instanceof SyntaxError) return notJson();
    return invalid('(root): The frame is nested too deeply.');
  }
}

/**
 * Deletes forbidden keys at every depth, without recursion (a deeply nested value must not
 * exhaust the stack). `JSON.parse` makes `__proto__` an own data property, never the
 * prototype, so the danger is only in later copies by assignment: they find nothing to copy.
 */
function stripForbiddenKeys(root: unknown): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (FORBIDDEN_KEYS.has(key)) delete record[key];
      else pending.push(record[key]);
    }
  }
}

function notJson(): DecodedFrame {
  return { ok: false, error: { code: 'INVALID_JSON', message: 'The frame is not valid JSON.' } };
}

/**
 * Reads an own data property without running getters or proxy traps that could throw;
 * returns `undefined` for accessors, missing keys and non-objects.
 */
export function readOwnField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
  } catch {
    return undefined;
  }
}

/** True for a non-null, non-array object (what every message must be). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Exact UTF-8 size test without encoding the whole string when the answer is obvious. */
export function exceedsUtf8Bytes(text: string, maxBytes: number): boolean {
  // Each UTF-16 code unit takes 1–3 UTF-8 bytes.
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
    if (bytes > maxBytes) return true;
  }
  return false;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

function binaryByteLength(raw: unknown): number | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  if (ArrayBuffer.isView(raw)) return raw.byteLength;
  const tag = Object.prototype.toString.call(raw);
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') {
    return (raw as ArrayBuffer).byteLength;
  }
  if (tag === '[object Blob]' || tag === '[object File]') return (raw as Blob).size;
  return undefined;
}

function tooLarge(message: string): DecodedFrame {
  return { ok: false, error: { code: 'MESSAGE_TOO_LARGE', message } };
}

function invalid(message: string): DecodedFrame {
  return { ok: false, error: { code: 'INVALID_MESSAGE', message } };
}

/** How {@link parseMessage} validates one direction of the protocol. */
export interface MessageParserOptions {
  maxBytes: number;
  /** See {@link DecodeFrameOptions.stripForbiddenKeys}. */
  stripForbiddenKeys: boolean;
  schemas: Readonly<Record<string, z.ZodType>>;
  /**
   * The longest text allowed in a field, in characters, by message type then field name:
   * checked once the type is known, before the schema, so an oversized field is refused
   * (`MESSAGE_TOO_LARGE`) without being validated. @default no limit beyond the schemas
   */
  maxTextLengths?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

const UNREADABLE = '(root): The message could not be read.';

/**
 * The one pipeline both directions share: size → JSON → type → schema. Never throws: a
 * value whose getters or proxy traps throw ends as `INVALID_MESSAGE`. Only the schema's
 * output (fresh plain objects holding the schema's fields) is returned.
 */
export function parseMessage<Message>(
  raw: unknown,
  options: MessageParserOptions,
): ParseMessageResult<Message> {
  let clientMessageId: string | undefined;
  try {
    const decoded = decodeFrame(raw, options);
    if (!decoded.ok) return decoded;
    const value = decoded.value;
    if (!isRecord(value)) return failure('INVALID_MESSAGE', '(root): Expected a JSON object.');
    clientMessageId = echoableId(readOwnField(value, 'clientMessageId'));
    const fail = (code: ProtocolParseError['code'], message: string) =>
      failure(code, message, clientMessageId);

    const type = readOwnField(value, 'type');
    if (typeof type !== 'string') return fail('INVALID_MESSAGE', 'type: Expected a string.');
    const schema = Object.hasOwn(options.schemas, type) ? options.schemas[type] : undefined;
    if (schema === undefined) {
      return fail('UNKNOWN_MESSAGE_TYPE', `Unknown message type ${quote(type)}.`);
    }
    const limits = options.maxTextLengths;
    if (limits !== undefined && Object.hasOwn(limits, type)) {
      for (const [field, maxLength] of Object.entries(limits[type] ?? {})) {
        const text = readOwnField(value, field);
        if (typeof text === 'string' && text.length > maxLength) {
          return fail('MESSAGE_TOO_LARGE', `${field}: Longer than ${maxLength} characters.`);
        }
      }
    }

    const result = schema.safeParse(value);
    if (result.success) return { ok: true, message: result.data as Message };
    return fail('INVALID_MESSAGE', formatIssues(result.error));
  } catch {
    return failure('INVALID_MESSAGE', UNREADABLE, clientMessageId);
  }
}

function failure(
  code: ProtocolParseError['code'],
  message: string,
  clientMessageId?: string,
): { ok: false; error: ProtocolParseError } {
  return {
    ok: false,
    error: clientMessageId === undefined ? { code, message } : { code, message, clientMessageId },
  };
}

function echoableId(value: unknown): string | undefined {
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_CLIENT_MESSAGE_ID_LENGTH
    ? value
    : undefined;
}

/** Quotes an untrusted string for an error message, cut short so a huge one is not echoed. */
function quote(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
}

/** One readable line per issue, each naming the field path, e.g. `content: Too small`. */
function formatIssues(error: z.ZodError, limit = 3): string {
  const lines = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > limit ? ` (+${error.issues.length - limit} more)` : '';
  return lines.join('; ') + more;
}
