import {
  RECALL_ERROR_CODES,
  type RecallErrorCode,
  sessionEventDataSchemas as eventData,
  sessionSummarySchema,
} from '@recall/core';
import * as z from 'zod';
import { MAX_CLIENT_MESSAGE_ID_LENGTH } from './limits';
import { SERVER_MESSAGE_TYPES, type ServerMessageType } from './message-types';

const seq = z
  .number()
  .int()
  .positive()
  .meta({ description: 'The seq of the stored event; resume after the last one applied.' });
const id = z.string().min(1);
const count = z.number().int().nonnegative();
const clientMessageId = z.string().min(1).max(MAX_CLIENT_MESSAGE_ID_LENGTH);
const errorCodes = Object.keys(RECALL_ERROR_CODES) as [RecallErrorCode, ...RecallErrorCode[]];

/**
 * Schemas of the server → client messages, by type. Messages that come from the event log
 * carry its `seq`; `assistant_chunk`, `error`, `pong` and `ack` are transient and carry none.
 * Payloads reuse the event catalog's schemas so both stay one definition.
 */
export const serverMessageSchemas = {
  // The targets and the owner are engine bookkeeping, not client state.
  session_started: eventData.session_started
    .omit({ targetPointIds: true, userId: true })
    .extend({
      type: z.literal('session_started'),
      seq,
      openingMessage: z.string().meta({
        description: 'Empty from Recall servers: the opening question streams as a response.',
      }),
    })
    .meta({ description: 'The session started or resumed.' }),
  assistant_chunk: z
    .object({
      type: z.literal('assistant_chunk'),
      responseId: id,
      index: count,
      text: z.string(),
      snapshot: z.boolean().optional().meta({
        description:
          'True when `text` is the whole text of chunks 0..index (sent to a client attaching mid-stream).',
      }),
    })
    .meta({ description: 'Live text of a streaming response; never replayed.' }),
  assistant_complete: eventData.assistant_streaming_end
    .extend({ type: z.literal('assistant_complete'), seq })
    .meta({ description: 'A response finished; `fullContent` is its final text.' }),
  recall_point_recalled: eventData.recall_point_recalled
    .extend({ type: z.literal('recall_point_recalled'), seq })
    .meta({ description: 'The learner recalled a point.' }),
  recall_point_near_miss: eventData.recall_point_near_miss
    .extend({ type: z.literal('recall_point_near_miss'), seq })
    .meta({ description: 'The learner was close to a point but imprecise.' }),
  rabbithole_detected: eventData.rabbithole_detected
    .omit({ triggerMessageContent: true })
    .extend({ type: z.literal('rabbithole_detected'), seq })
    .meta({ description: 'A tangent was detected; offer to explore it.' }),
  rabbithole_entered: eventData.rabbithole_entered
    .extend({ type: z.literal('rabbithole_entered'), seq })
    .meta({ description: 'The session is now in a rabbit hole.' }),
  rabbithole_exited: eventData.rabbithole_exited
    .extend({ type: z.literal('rabbithole_exited'), seq })
    .meta({ description: 'The session returned from a rabbit hole.' }),
  rabbithole_declined: eventData.rabbithole_declined
    .extend({ type: z.literal('rabbithole_declined'), seq })
    .meta({
      description:
        'A rabbit-hole prompt was declined. Sent with history (`toHistoryMessage`): live, the declining client already cleared it.',
    }),
  session_complete_overlay: eventData.session_complete_overlay
    .extend({ type: z.literal('session_complete_overlay'), seq })
    .meta({ description: 'Every point is recalled; offer to finish.' }),
  session_paused: eventData.session_paused
    .extend({ type: z.literal('session_paused'), seq })
    .meta({ description: 'The session is paused and can be resumed later.' }),
  show_image: eventData.show_image
    .extend({ type: z.literal('show_image'), seq })
    .meta({ description: 'Show an image from the recall set resources.' }),
  show_resource: eventData.show_resource
    .extend({ type: z.literal('show_resource'), seq })
    .meta({ description: 'Show a text resource from the recall set.' }),
  session_complete: z
    .object({ type: z.literal('session_complete'), seq, summary: sessionSummarySchema })
    .meta({ description: 'The session ended; `summary` is computed from the event log.' }),
  user_message: z
    .object({
      type: z.literal('user_message'),
      seq,
      content: z.string().min(1),
      clientMessageId: clientMessageId.optional(),
    })
    .meta({
      description:
        "A stored learner message. Sent with history (`toHistoryMessage`); the sender's optimistic copy is matched by `clientMessageId`.",
    }),
  error: z
    .object({
      type: z.literal('error'),
      code: z.enum(errorCodes),
      message: z.string(),
      retryAfterMs: count.optional(),
      clientMessageId: clientMessageId.optional().meta({
        description: 'The command this error answers, when it answers one.',
      }),
    })
    .meta({ description: 'A command failed or the session hit a problem; the socket stays open.' }),
  pong: z
    .object({ type: z.literal('pong'), timestamp: count })
    .meta({ description: 'Answer to `ping`; `timestamp` is the server clock in epoch ms.' }),
  ack: z
    .object({ type: z.literal('ack'), clientMessageId })
    .meta({ description: "The command's effects are durably stored." }),
} as const satisfies { [T in ServerMessageType]: z.ZodType<{ type: T }> };

/** Schema of any server → client message, discriminated on `type`. */
export const serverMessageSchema = z.discriminatedUnion(
  'type',
  SERVER_MESSAGE_TYPES.map((type) => serverMessageSchemas[type]) as unknown as [
    (typeof serverMessageSchemas)['session_started'],
    ...(typeof serverMessageSchemas)[ServerMessageType][],
  ],
);

/** A server → client message of type `T`. */
export type ServerMessageOf<T extends ServerMessageType> = z.infer<
  (typeof serverMessageSchemas)[T]
>;

/** Any server → client message: a discriminated union on `type`. */
export type ServerMessage = { [T in ServerMessageType]: ServerMessageOf<T> }[ServerMessageType];

/** A server message that comes from the event log (it carries `seq`). */
export type PersistedServerMessage = Extract<ServerMessage, { seq: number }>;
