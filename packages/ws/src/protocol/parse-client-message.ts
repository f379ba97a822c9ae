import type { ClientMessage } from './client-messages';
import { clientMessageSchemas } from './client-messages';
import { parseMessage, readOwnField } from './internal/decode-frame';
import { DEFAULT_MAX_CLIENT_FRAME_BYTES, DEFAULT_MAX_CONTENT_LENGTH } from './limits';
import type { ParseMessageResult } from './parse-result';

/** Options for {@link parseClientMessage}. */
export interface ParseClientMessageOptions {
  /**
   * Largest accepted frame in UTF-8 bytes, checked before `JSON.parse`.
   * @default DEFAULT_MAX_CLIENT_FRAME_BYTES (32 KiB)
   */
  maxBytes?: number;
  /**
   * Largest accepted `user_message.content`, in characters.
   * @default DEFAULT_MAX_CONTENT_LENGTH (8,000)
   */
  maxContentLength?: number;
}

/**
 * Validates one client → server frame: size → JSON → schema. Accepts the raw text of a
 * frame or an already-decoded value. Never throws; bad input returns a typed error whose
 * `code` is `MESSAGE_TOO_LARGE`, `INVALID_JSON`, `INVALID_MESSAGE` or
 * `UNKNOWN_MESSAGE_TYPE`, echoing the frame's `clientMessageId` when it could be read.
 * Binary frames are invalid. The returned message holds only the schema's fields.
 *
 * @example
 * const result = parseClientMessage(frameText);
 * if (!result.ok) socket.send(JSON.stringify({ type: 'error', ...result.error }));
 */
export function parseClientMessage(
  raw: string | unknown,
  options: ParseClientMessageOptions = {},
): ParseMessageResult<ClientMessage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_CLIENT_FRAME_BYTES;
  const maxContentLength = options.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH;
  return parseMessage<ClientMessage>(raw, {
    maxBytes,
    // The schemas build each message from its named string fields only: a `__proto__` key
    // (an own property after `JSON.parse`) is never copied, so no walk over the value.
    stripForbiddenKeys: false,
    schemas: clientMessageSchemas,
    precheck(type, value) {
      const content = readOwnField(value, 'content');
      if (
        type === 'user_message' &&
        typeof content === 'string' &&
        content.length > maxContentLength
      ) {
        return {
          code: 'MESSAGE_TOO_LARGE',
          message: `content: Longer than ${maxContentLength} characters.`,
        };
      }
      return undefined;
    },
  });
}
