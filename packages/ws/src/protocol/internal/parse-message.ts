import type * as z from 'zod';
import { MAX_CLIENT_MESSAGE_ID_LENGTH } from '../limits';
import type { ParseMessageResult, ProtocolParseError } from '../parse-result';
import { type DecodeFrameOptions, decodeFrame, isRecord, readOwnField } from './decode-frame';

/** How {@link parseMessage} validates one direction of the protocol. */
export interface MessageParserOptions {
  maxBytes: number;
  /** See {@link DecodeFrameOptions.stripForbiddenKeys}. */
  stripForbiddenKeys: boolean;
  schemas: Readonly<Record<string, z.ZodType>>;
  /** Runs once the type is known, before the schema; e.g. a content length limit. */
  precheck?: (type: string, value: Record<string, unknown>) => ProtocolParseError | undefined;
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
    const rejected = options.precheck?.(type, value);
    if (rejected !== undefined) return fail(rejected.code, rejected.message);

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
