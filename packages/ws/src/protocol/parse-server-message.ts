import { parseMessage } from './internal/decode-frame';
import { DEFAULT_MAX_SERVER_FRAME_BYTES } from './limits';
import type { ParseMessageResult } from './parse-result';
import { type ServerMessage, serverMessageSchemas } from './server-messages';

/** Options for {@link parseServerMessage}. */
export interface ParseServerMessageOptions {
  /**
   * Largest accepted frame in UTF-8 bytes, checked before `JSON.parse`.
   * @default DEFAULT_MAX_SERVER_FRAME_BYTES (1 MiB)
   */
  maxBytes?: number;
}

/**
 * Validates one server → client frame: size → JSON → schema, with the same result shape
 * and error codes as `parseClientMessage`. Never throws.
 *
 * @example
 * let view = createSessionView(); // from '@recall/core'
 * socket.onmessage = ({ data }) => {
 *   const result = parseServerMessage(data);
 *   if (result.ok && result.message.type === 'event') {
 *     view = reduceSessionView(view, result.message.event);
 *   }
 * };
 */
export function parseServerMessage(
  raw: string | unknown,
  options: ParseServerMessageOptions = {},
): ParseMessageResult<ServerMessage> {
  return parseMessage<ServerMessage>(raw, {
    maxBytes: options.maxBytes ?? DEFAULT_MAX_SERVER_FRAME_BYTES,
    stripForbiddenKeys: true,
    schemas: serverMessageSchemas,
  });
}
