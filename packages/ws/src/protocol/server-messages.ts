import { RECALL_ERROR_CODES, type RecallErrorCode } from '@recall/core';
import * as z from 'zod';
import { MAX_CLIENT_MESSAGE_ID_LENGTH } from './limits';
import { SERVER_MESSAGE_TYPES, type ServerMessageType } from './message-types';
import { publicSessionEventSchema } from './public-event-schema';

const id = z.string().min(1);
const count = z.number().int().nonnegative();
const seq = z.number().int().nonnegative();
const clientMessageId = z.string().min(1).max(MAX_CLIENT_MESSAGE_ID_LENGTH);
const errorCodes = Object.keys(RECALL_ERROR_CODES) as [RecallErrorCode, ...RecallErrorCode[]];

/**
 * Schemas of the server → client frames, by type. `event` carries one stored event of the
 * session's log (what storage's `read` returns, minus the redacted fields); every other frame
 * is transient: never stored, never replayed.
 */
export const serverMessageSchemas = {
  event: z.object({ type: z.literal('event'), event: publicSessionEventSchema }).meta({
    description:
      'One stored event of the session, in log order: history first, then live. Apply events in `seq` order and ignore a `seq` already applied; resume with `afterSeq` = the last applied `seq`.',
  }),
  history_end: z
    .object({
      type: z.literal('history_end'),
      headSeq: seq.meta({ description: 'The seq of the last stored event when history was read.' }),
    })
    .meta({
      description:
        'Sent once per connection, right after the history part of the subscription and before any live frame.',
    }),
  chunk: z
    .object({
      type: z.literal('chunk'),
      responseId: id,
      index: count,
      text: z.string(),
      snapshot: z.boolean().optional().meta({
        description:
          'True when `text` is the whole text of chunks 0..index (sent to a client attaching mid-stream).',
      }),
    })
    .meta({
      description:
        'Live text of the response whose `assistant_streaming_start` was sent; its `assistant_streaming_end` carries the stored full text.',
    }),
  ack: z
    .object({
      type: z.literal('ack'),
      clientMessageId,
      seq: seq.meta({
        description:
          'The seq of the last event the command stored (the log head for a command that stores none): once that event is applied, the command is.',
      }),
    })
    .meta({ description: "The command's effects are durably stored." }),
  error: z
    .object({
      type: z.literal('error'),
      code: z.enum(errorCodes),
      message: z.string(),
      retryable: z.boolean().meta({
        description: 'Whether sending the same command again (same `clientMessageId`) can succeed.',
      }),
      retryAfterMs: count
        .optional()
        .meta({ description: 'Wait at least this long before retrying.' }),
      clientMessageId: clientMessageId.optional().meta({
        description: 'The command this error answers, when it answers one.',
      }),
    })
    .meta({ description: 'A command failed or the session hit a problem; the socket stays open.' }),
  pong: z
    .object({ type: z.literal('pong'), timestamp: count })
    .meta({ description: 'Answer to `ping`; `timestamp` is the server clock in epoch ms.' }),
} as const satisfies { [T in ServerMessageType]: z.ZodType<{ type: T }> };

/** Schema of any server → client frame, discriminated on `type`. */
export const serverMessageSchema = z.discriminatedUnion(
  'type',
  SERVER_MESSAGE_TYPES.map((type) => serverMessageSchemas[type]) as unknown as [
    (typeof serverMessageSchemas)['event'],
    ...(typeof serverMessageSchemas)[ServerMessageType][],
  ],
);

/** A server → client frame of type `T`. */
export type ServerMessageOf<T extends ServerMessageType> = z.infer<
  (typeof serverMessageSchemas)[T]
>;

/** Any server → client frame: a discriminated union on `type`. */
export type ServerMessage = { [T in ServerMessageType]: ServerMessageOf<T> }[ServerMessageType];
