import {
  SESSION_COMMAND_TYPES,
  sessionCommandCatalog,
  storableTextSchema,
} from '@recall/core/schemas';
import type { SessionCommandType } from '@recall/core';
import * as z from 'zod';
import type { ClientMessageType } from './message-types';
import { type MessageParserOptions, parseMessage } from './internal/decode-frame';
import {
  DEFAULT_MAX_CLIENT_FRAME_BYTES,
  DEFAULT_MAX_CONTENT_LENGTH,
  MAX_CLIENT_MESSAGE_ID_LENGTH,
} from './limits';
import type { ParseMessageResult } from './parse-result';

const clientMessageId = storableTextSchema
  .min(1)
  .max(MAX_CLIENT_MESSAGE_ID_LENGTH)
  .optional()
  .meta({
    description:
      'Client-generated id (e.g. a UUID) echoed in the `ack` or `error` for this command; the server processes a given id once.',
  });

/** What the server limits beyond a field's own rules, said in the field's description. */
const WIRE_LIMITS: Readonly<Record<string, string>> = {
  content: `at most ${DEFAULT_MAX_CONTENT_LENGTH} characters unless the server allows more`,
};

type CommandFields<T extends SessionCommandType> = (typeof sessionCommandCatalog)[T]['fields'];

/** The wire schema of command `T`: its `type`, its catalog fields, then `clientMessageId`. */
type CommandMessageSchema<T extends SessionCommandType> = z.ZodObject<
  { type: z.ZodLiteral<T> } & { -readonly [K in keyof CommandFields<T>]: CommandFields<T>[K] } & {
    clientMessageId: typeof clientMessageId;
  }
>;

function commandMessageSchema<T extends SessionCommandType>(type: T): CommandMessageSchema<T> {
  const { description, fields } = sessionCommandCatalog[type];
  const shape: Record<string, z.ZodType> = { type: z.literal(type) };
  for (const [name, field] of Object.entries(fields) as [string, z.ZodType][]) {
    const limit = WIRE_LIMITS[name];
    shape[name] =
      limit === undefined ? field : field.meta({ description: `${field.description}; ${limit}.` });
  }
  shape.clientMessageId = clientMessageId;
  return z.object(shape).meta({ description }) as unknown as CommandMessageSchema<T>;
}

const commandMessageSchemas = Object.fromEntries(
  SESSION_COMMAND_TYPES.map((type) => [type, commandMessageSchema(type)]),
) as { readonly [T in SessionCommandType]: CommandMessageSchema<T> };

/**
 * Schemas of the client → server messages, by type: each session command of the catalog in
 * `@recall/core`, and the wire-only `ping`. Unknown extra fields are stripped.
 */
export const clientMessageSchemas = {
  ...commandMessageSchemas,
  ping: z.object({ type: z.literal('ping'), clientMessageId }).meta({
    description: 'Liveness check (browsers cannot send WebSocket pings); answered by `pong`.',
  }),
} as const satisfies { [T in ClientMessageType]: z.ZodType<{ type: T }> };

/** Schema of any client → server message, discriminated on `type`. */
// From the catalog itself, not the generated table, so `npm run docs:schema` can rewrite a
// stale table.
export const clientMessageSchema = z.discriminatedUnion(
  'type',
  [...SESSION_COMMAND_TYPES, 'ping' as const].map(
    (type) => clientMessageSchemas[type],
  ) as unknown as [
    (typeof clientMessageSchemas)['user_message'],
    ...(typeof clientMessageSchemas)[ClientMessageType][],
  ],
);

/** A client → server message of type `T`. */
export type ClientMessageOf<T extends ClientMessageType> = z.infer<
  (typeof clientMessageSchemas)[T]
>;

/** Any client → server message: a discriminated union on `type`. */
export type ClientMessage = { [T in ClientMessageType]: ClientMessageOf<T> }[ClientMessageType];

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
 * How client → server frames are parsed under `options`: the size limit, the schemas and the
 * content length limit. Built once per connection by the server, which then runs each frame
 * through the shared pipeline with it; {@link parseClientMessage} builds it per call.
 */
export function clientMessageParsing(
  options: ParseClientMessageOptions = {},
): MessageParserOptions {
  return {
    maxBytes: options.maxBytes ?? DEFAULT_MAX_CLIENT_FRAME_BYTES,
    // The schemas build each message from its named string fields only: a `__proto__` key
    // (an own property after `JSON.parse`) is never copied, so no walk over the value.
    stripForbiddenKeys: false,
    schemas: clientMessageSchemas,
    maxTextLengths: {
      user_message: { content: options.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH },
    },
  };
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
  return parseMessage<ClientMessage>(raw, clientMessageParsing(options));
}
