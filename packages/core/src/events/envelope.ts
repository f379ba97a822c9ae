import * as z from 'zod';
import {
  SESSION_EVENT_TYPES,
  type SessionEventData,
  type SessionEventType,
  sessionEventDataSchemas,
} from './catalog';

/** Fields every stored or emitted event carries besides `type` and `data`. */
export interface EventEnvelopeFields {
  /** Unique event id (UUID). Re-appending the same id is a no-op. */
  id: string;
  sessionId: string;
  /** Gapless per-session sequence number, starting at 1. */
  seq: number;
  /** Epoch milliseconds. */
  timestamp: number;
  /** Groups a learner input with everything it caused. */
  turnId?: string;
  /** Groups the events of one assistant response. */
  responseId?: string;
}

/** One event of type `T` inside its envelope. */
export type SessionEventOf<T extends SessionEventType> = EventEnvelopeFields & {
  type: T;
  data: SessionEventData<T>;
};

/** Any engine event: a discriminated union on `type`. */
export type SessionEvent = { [T in SessionEventType]: SessionEventOf<T> }[SessionEventType];

const envelopeFields = {
  id: z.string().min(1),
  sessionId: z.string().min(1),
  seq: z.number().int().positive(),
  timestamp: z.number().int().nonnegative(),
  turnId: z.string().min(1).optional(),
  responseId: z.string().min(1).optional(),
};

function eventSchemaFor<T extends SessionEventType>(type: T) {
  return z.object({
    ...envelopeFields,
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
