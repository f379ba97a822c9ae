// Plain data and types only (no zod): browsers fold the redacted events this describes.
import type { SessionEventData, SessionEventType } from './catalog';
import type { EventEnvelopeFields, SessionEvent } from './envelope';

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

/**
 * `event` without the fields of {@link PUBLIC_EVENT_REDACTIONS}: a new object (stored events
 * are shared and frozen), every other field kept as stored. The one place the redaction is
 * applied is the server's serializer.
 */
export function redactSessionEvent(event: SessionEvent): PublicSessionEvent {
  const paths: readonly string[] =
    (PUBLIC_EVENT_REDACTIONS as Partial<Record<SessionEventType, readonly string[]>>)[event.type] ??
    [];
  if (paths.length === 0) return event;
  const data: Record<string, unknown> = { ...event.data };
  for (const path of paths) {
    const [parent, child] = path.split('.') as [string, string | undefined];
    if (child === undefined) {
      delete data[parent];
    } else if (typeof data[parent] === 'object' && data[parent] !== null) {
      const nested = { ...(data[parent] as Record<string, unknown>) };
      delete nested[child];
      data[parent] = nested;
    }
  }
  return { ...event, data } as PublicSessionEvent;
}
