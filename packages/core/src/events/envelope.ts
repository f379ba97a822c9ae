import * as z from 'zod';
import {
  SESSION_EVENT_TYPES,
  type SessionEventData,
  type SessionEventType,
  sessionEventDataSchemas,
} from './catalog';

const id = z.string().min(1);

/**
 * The cross-cutting envelope fields an event context stamps on every event it builds. Add a
 * field here (one line) and it is typed, validated, stamped by `createEventContext` (from its
 * options), kept by every storage adapter and written to JSON Lines exports.
 */
export const contextEnvelopeSchema = z.object({
  /** Groups a learner input with everything it caused. */
  turnId: id.exactOptional(),
  /** The `clientMessageId` of the command that appended the event (de-duplicates resends). */
  commandId: id.exactOptional(),
});

/**
 * The envelope every stored or emitted event carries besides `type` and `data` — the one
 * definition: {@link EventEnvelopeFields} is inferred from it.
 */
export const eventEnvelopeSchema = z.object({
  /** Unique event id (UUID). Re-appending the same id is a no-op. */
  id,
  sessionId: id,
  /** Gapless per-session sequence number, starting at 1. */
  seq: z.number().int().positive(),
  /** Epoch milliseconds. */
  timestamp: z.number().int().nonnegative(),
  ...contextEnvelopeSchema.shape,
  /** Groups the events of one assistant response. */
  responseId: id.exactOptional(),
});

/** Fields every stored or emitted event carries besides `type` and `data`. */
export type EventEnvelopeFields = z.infer<typeof eventEnvelopeSchema>;

/** The envelope fields an event context stamps (see {@link contextEnvelopeSchema}). */
export type ContextEnvelopeFields = z.infer<typeof contextEnvelopeSchema>;

/** The names of the {@link ContextEnvelopeFields}, in schema order. */
export const CONTEXT_ENVELOPE_KEYS = Object.keys(
  contextEnvelopeSchema.shape,
) as readonly (keyof ContextEnvelopeFields)[];

/** One event of type `T` inside its envelope. */
export type SessionEventOf<T extends SessionEventType> = EventEnvelopeFields & {
  type: T;
  data: SessionEventData<T>;
};

/** Any engine event: a discriminated union on `type`. */
export type SessionEvent = { [T in SessionEventType]: SessionEventOf<T> }[SessionEventType];

/** The envelope fields only the storage's `append` assigns: the session and the log position. */
export type AppendAssignedFields = 'sessionId' | 'seq';

/**
 * An event of type `T` as the engine builds it, before it is stored: every envelope field but
 * `sessionId` and `seq`, which the storage's `append` assigns (the one place they are set).
 */
export type NewSessionEventOf<T extends SessionEventType> = Omit<
  SessionEventOf<T>,
  AppendAssignedFields
>;

/** Any event before it is stored (see {@link NewSessionEventOf}). */
export type NewSessionEvent = { [T in SessionEventType]: NewSessionEventOf<T> }[SessionEventType];

function eventSchemaFor<T extends SessionEventType>(type: T) {
  return z.object({
    ...eventEnvelopeSchema.shape,
    type: z.literal(type),
    data: sessionEventDataSchemas[type],
  });
}

/** Schema of one enveloped event, discriminated on `type`. */
export const sessionEventSchema = z.discriminatedUnion(
  'type',
  SESSION_EVENT_TYPES.map(eventSchemaFor) as unknown as [
    ReturnType<typeof eventSchemaFor<'session_started'>>,
    ...ReturnType<typeof eventSchemaFor<SessionEventType>>[],
  ],
);
