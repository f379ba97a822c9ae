// An event's envelope: its schema (the one definition of its fields) and its public form
// (what leaves the server). The one function that builds envelopes is the turn's event
// context (`engine/turn.ts`); the one that applies the public form is `redactSessionEvent`
// (`engine/runtime.ts`, beside the session feed).
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

// The public form: what of an event leaves the server. Plain data and types: the browser's
// fold imports only the types, so it stays zod-free.

/**
 * The fields of a stored event that never leave the server, by event type; `a.b` is field
 * `b` of the object in field `a`. Everything else of the envelope and the data is sent as
 * stored. Redacted: who owns the session (`userId`), token usage and cost (`tokenCount`,
 * `usage`, `judgeUsage`, the summary's `usage` and `estimatedCostUsd`), and the engine's
 * targeting (`targetPointIds`, the checklist's points in probe order; `attemptedPointIds`, the
 * points the learner's answer attempted; `askedPointId` and `reaskedPointId`, the pending and recalled point a tutor reply asked about;
 * `exposure` and `peakExposure`, how much of a recalled point had been shown).
 */
export const PUBLIC_EVENT_REDACTIONS = {
  session_started: ['userId', 'targetPointIds'],
  user_message: ['tokenCount'],
  assistant_message: [
    'tokenCount',
    'usage',
    'judgeUsage',
    'attemptedPointIds',
    'askedPointId',
    'reaskedPointId',
  ],
  recall_point_recalled: ['exposure', 'peakExposure'],
  session_completed: ['summary.usage', 'summary.estimatedCostUsd'],
} as const satisfies { readonly [T in SessionEventType]?: readonly string[] };

type Redactions = typeof PUBLIC_EVENT_REDACTIONS;
type PathsOf<T extends SessionEventType> = T extends keyof Redactions
  ? Redactions[T][number]
  : never;
type TopLevel<Path> = Path extends `${infer Parent}.${string}` ? Parent : Path;
type Nested<Path, Parent extends string> = Path extends `${Parent}.${infer Child}` ? Child : never;

/** `Data` without the listed paths (one level of nesting). */
type Redact<Data, Paths extends string> = Omit<Data, TopLevel<Paths>> & {
  [Parent in Exclude<TopLevel<Paths>, Paths> & keyof Data]: Omit<
    Data[Parent],
    Nested<Paths, Parent & string>
  >;
};

/** The `data` of an event of type `T` as clients receive it. */
export type PublicSessionEventData<T extends SessionEventType = SessionEventType> = Redact<
  SessionEventData<T>,
  PathsOf<T>
>;

/** An event of type `T` as clients receive it: the stored envelope with redacted `data`. */
export type PublicSessionEventOf<T extends SessionEventType> = EventEnvelopeFields & {
  type: T;
  data: PublicSessionEventData<T>;
};

/**
 * Any event as clients receive it. Every stored {@link SessionEvent} is one too (it has the
 * same fields and more), so code written against this type folds stored logs as well.
 */
export type PublicSessionEvent = {
  [T in SessionEventType]: PublicSessionEventOf<T>;
}[SessionEventType];
