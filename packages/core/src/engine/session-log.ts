import { RecallError, toRecallError } from '../errors/recall-error';
import type { RecallSet } from '../model/recall-set';
import { reduceSession } from '../session/reduce-session';
import type { EngineSessionState } from '../session/session-state';
import { selfDescribingStart, toSessionRow } from '../session/session-row';
import { type EngineRuntime, cachedSession, reportError } from './runtime';
import { SessionActor } from './session-actor';
import {
  planReviews,
  type RatedReviews,
  rateReviews,
  readLearnerSchedules,
  recordReviews,
} from './session-reviews';
import type { AppendOutcome, BuildEvents, Turn } from './turn';

/**
 * The actor of a session, loaded from storage on first use (then cached): its state is the log
 * folded over the row's targets — or, when the row is missing, over the targets the log's
 * `session_started` records (the row is then rebuilt from the folded state).
 */
export function loadSession(runtime: EngineRuntime, sessionId: string): Promise<SessionActor> {
  const cached = cachedSession(runtime, sessionId);
  if (cached !== undefined) return Promise.resolve(cached);
  let loading = runtime.loading.get(sessionId);
  if (loading === undefined) {
    loading = (async () => {
      const [row, events] = await Promise.all([
        runtime.storage.getSession(sessionId),
        runtime.storage.read(sessionId),
      ]);
      // The row is only a projection: a log whose start records its targets is enough.
      const start = selfDescribingStart(events);
      const origin =
        row !== null
          ? {
              recallSetId: row.recallSetId,
              targetPointIds: row.targetPointIds,
              ...(row.userId === undefined ? {} : { userId: row.userId }),
            }
          : start !== undefined
            ? { recallSetId: start.data.recallSetId, targetPointIds: [] }
            : undefined;
      if (origin === undefined) {
        throw new RecallError('SESSION_NOT_FOUND', `No session has id "${sessionId}".`);
      }
      const actor = new SessionActor(runtime, { sessionId, ...origin });
      const initial = actor.state;
      actor.apply(events);
      // A writer may have died between an event and its review: check them all once.
      actor.oweReviews(planReviews(initial, events));
      if (row === null) await saveSessionRow(runtime, actor.state);
      runtime.sessions.set(sessionId, actor);
      return actor;
    })().finally(() => runtime.loading.delete(sessionId));
    runtime.loading.set(sessionId, loading);
  }
  return loading;
}

/** Options for {@link appendWithWrites}. */
export interface AppendWithWritesOptions {
  /** Write the FSRS reviews the batch calls for (rated against this set's points). */
  recallSet?: RecallSet;
  /** Save the session row as the batch leaves it. */
  session?: boolean;
}

/**
 * Appends what `build` makes together with what follows from it: the FSRS reviews its events
 * call for and the session row after them. On a storage that writes with the append
 * (`writesWithAppend`) all of it is one atomic write — one round trip; on others the reviews
 * (a failed one stays owed) and the row are written after the append, as before.
 */
export async function appendWithWrites(
  turn: Turn,
  build: BuildEvents,
  options: AppendWithWritesOptions,
): Promise<AppendOutcome> {
  const { runtime, actor } = turn;
  const { recallSet } = options;
  // Reviews are rated from the learner's schedules, read once per session actor.
  if (recallSet !== undefined && actor.schedules === null) {
    await readLearnerSchedules(actor).catch(() => undefined);
  }
  let before: EngineSessionState = actor.state;
  let rated: RatedReviews | undefined;
  const buildRemembering: BuildEvents = (context, state) => {
    before = state;
    return build(context, state);
  };
  const outcome = await turn.append(buildRemembering, {
    writes(stored, state) {
      rated = undefined;
      const reviews = recallSet === undefined ? [] : planReviews(state, stored);
      if (reviews.length > 0 && actor.schedules !== null) {
        rated = rateReviews(actor, {
          recallSet: recallSet!,
          schedules: actor.schedules,
          reviews,
        });
      }
      const after = stored.reduce(reduceSession, state);
      return {
        ...(rated === undefined ? {} : { reviews: rated.writes }),
        ...(options.session === true ? { session: toSessionRow(after, runtime.clock()) } : {}),
      };
    },
  });
  if (outcome.status !== 'appended') return outcome;
  if (runtime.storage.writesWithAppend === true) {
    if (rated !== undefined) actor.useSchedules(rated.schedules);
    // Reviews that could not be rated with the append (no schedules) are written now.
    else if (recallSet !== undefined && actor.schedules === null) {
      await recordReviews(actor, {
        recallSet,
        reviews: planReviews(before, outcome.events),
      });
    }
    return outcome;
  }
  if (recallSet !== undefined) {
    await recordReviews(actor, {
      recallSet,
      reviews: planReviews(before, outcome.events),
    });
  }
  if (options.session === true) await saveSessionRow(runtime, actor.state);
  return outcome;
}

/** Writes the session row from the current state; a failure is reported, not thrown. */
export async function saveSessionRow(
  runtime: EngineRuntime,
  state: EngineSessionState,
): Promise<void> {
  try {
    await runtime.storage.saveSession(toSessionRow(state, runtime.clock()));
  } catch (error) {
    reportError(runtime, state.sessionId, toRecallError(error));
  }
}

/**
 * Refuses a repeated `clientMessageId` unless the log holds it on a learner message with the
 * same content: other content (or another kind of command) under the same id is a different
 * command, which must be neither processed nor acknowledged as if it had been (C4).
 */
export async function assertSameMessage(
  actor: SessionActor,
  options: { clientMessageId: string; content: string },
): Promise<void> {
  if (!actor.clientMessageIds.has(options.clientMessageId)) {
    await actor.catchUp({ always: true });
  }
  const seq = actor.clientMessageIds.get(options.clientMessageId);
  const [stored] =
    seq === undefined
      ? []
      : await actor.runtime.storage.read(actor.sessionId, { afterSeq: seq - 1, limit: 1 });
  if (stored?.type === 'user_message' && stored.data.content === options.content) return;
  throw new RecallError(
    'DUPLICATE_CLIENT_MESSAGE_ID',
    'This clientMessageId was already used for a different message; send it with a new id.',
  );
}
