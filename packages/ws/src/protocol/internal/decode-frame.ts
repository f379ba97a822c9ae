import type { ProtocolParseError } from '../parse-result';

/** Keys that could reach an object's prototype if ever copied with assignment. */
const FORBIDDEN_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** The decoded JSON value of a frame, or why it could not be decoded. */
export type DecodedFrame = { ok: true; value: unknown } | { ok: false; error: ProtocolParseError };

/**
 * Size → JSON for a raw frame. A string is size-checked before `JSON.parse`; binary data
 * (Buffer, ArrayBuffer, typed arrays, Blob) is rejected; any other value is taken as an
 * already-decoded JSON value. Dangerous keys are dropped while parsing.
 */
export function decodeFrame(raw: unknown, maxBytes: number): DecodedFrame {
  if (typeof raw === 'string') {
    if (exceedsUtf8Bytes(raw, maxBytes)) {
      return tooLarge(`The frame exceeds ${maxBytes} bytes.`);
    }
    return parseJson(raw);
  }
  const binaryBytes = binaryByteLength(raw);
  if (binaryBytes !== undefined) {
    if (binaryBytes > maxBytes) return tooLarge(`The frame exceeds ${maxBytes} bytes.`);
    return invalid('(root): Binary frames are not supported; send JSON text.');
  }
  return { ok: true, value: raw };
}

function parseJson(text: string): DecodedFrame {
  try {
    return { ok: true, value: JSON.parse(text, dropForbiddenKeys) };
  } catch (error) {
    // Only a SyntaxError means "not JSON"; anything else (e.g. nesting deep enough to
    // exhaust the stack) is valid JSON we refuse to process.
    if (error instanceof SyntaxError) {
      return {
        ok: false,
        error: { code: 'INVALID_JSON', message: 'The frame is not valid JSON.' },
      };
    }
    return invalid('(root): The frame is nested too deeply.');
  }
}

function dropForbiddenKeys(key: string, value: unknown): unknown {
  return FORBIDDEN_KEYS.has(key) ? undefined : value;
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
