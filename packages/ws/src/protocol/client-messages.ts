import { isBlankText, isStorableText } from '@recall/core';
import * as z from 'zod';
import { DEFAULT_MAX_CONTENT_LENGTH, MAX_CLIENT_MESSAGE_ID_LENGTH } from './limits';
import { CLIENT_MESSAGE_TYPES, type ClientMessageType } from './message-types';

/** Text every storage holds the same way: the engine's own rule, checked here first. */
const storable = z.string().refine(isStorableText, {
  message: 'Must not contain a NUL character (U+0000) or an unpaired UTF-16 surrogate.',
});

const clientMessageId = storable.min(1).max(MAX_CLIENT_MESSAGE_ID_LENGTH).optional().meta({
  description:
    'Client-generated id (e.g. a UUID) echoed in the `ack` or `error` for this command; the server processes a given id once.',
});

const nonBlank = storable
  .regex(/\S/, { message: 'Must contain a non-whitespace character', abort: true })
  .refine((text) => !isBlankText(text), { message: 'Must contain a visible character' });

/**
 * Schemas of the client → server messages, by type. Unknown extra fields are stripped.
 */
export const clientMessageSchemas = {
  user_message: z
    .object({
      type: z.literal('user_message'),
      content: nonBlank.meta({
        description: `The learner's text; at most ${DEFAULT_MAX_CONTENT_LENGTH} characters unless the server allows more.`,
      }),
      clientMessageId,
    })
    .meta({ description: 'The learner says something.' }),
  leave_session: z
    .object({ type: z.literal('leave_session'), clientMessageId })
    .meta({ description: 'The learner leaves; the session is paused (or completed).' }),
  enter_rabbithole: z
    .object({
      type: z.literal('enter_rabbithole'),
      rabbitholeEventId: storable.min(1),
      topic: storable.min(1),
      clientMessageId,
    })
    .meta({ description: 'The learner accepts the pending rabbit-hole prompt.' }),
  exit_rabbithole: z
    .object({ type: z.literal('exit_rabbithole'), clientMessageId })
    .meta({ description: 'The learner returns from the rabbit hole to the session.' }),
  decline_rabbithole: z
    .object({ type: z.literal('decline_rabbithole'), clientMessageId })
    .meta({ description: 'The learner declines the pending rabbit-hole prompt.' }),
  dismiss_overlay: z
    .object({ type: z.literal('dismiss_overlay'), clientMessageId })
    .meta({ description: 'The learner closes the completion overlay and keeps talking.' }),
  ping: z.object({ type: z.literal('ping'), clientMessageId }).meta({
    description: 'Liveness check (browsers cannot send WebSocket pings); answered by `pong`.',
  }),
} as const satisfies { [T in ClientMessageType]: z.ZodType<{ type: T }> };

/** Schema of any client → server message, discriminated on `type`. */
export const clientMessageSchema = z.discriminatedUnion(
  'type',
  CLIENT_MESSAGE_TYPES.map((type) => clientMessageSchemas[type]) as unknown as [
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
