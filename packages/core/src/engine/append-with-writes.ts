import type { RecallSet } from '../model/recall-set';
import { reduceSession } from '../session/reduce-session';
import type { EngineSessionState } from '../session/session-state';
import { toSessionRow } from '../session/session-row';
import { saveSessionRow } from './projections';
import { planReviews } from './review-plan';
import {
  type RatedReviews,
  rateReviews,
  readLearnerSchedules,
  recordReviews,
} from './review-writes';
import type { AppendOutcome, BuildEvents, Turn } from './turn';

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
  const { runtime, entry } = turn;
  const { recallSet } = options;
  // Reviews are rated from the learner's schedules, read once per session entry.
  if (recallSet !== undefined && entry.schedules === null) {
    await readLearnerSchedules(runtime, entry).catch(() => undefined);
  }
  let before: EngineSessionState = entry.state;
  let rated: RatedReviews | undefined;
  const buildRemembering: BuildEvents = (context, state) => {
    before = state;
    return build(context, state);
  };
  const outcome = await turn.append(buildRemembering, {
    writes(stored, state) {
      rated = undefined;
      const reviews = recallSet === undefined ? [] : planReviews(state, stored);
      if (reviews.length > 0 && entry.schedules !== null) {
        rated = rateReviews(runtime, entry, {
          recallSet: recallSet!,
          schedules: entry.schedules,
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
    if (rated !== undefined) entry.schedules = rated.schedules;
    // Reviews that could not be rated with the append (no schedules) are written now.
    else if (recallSet !== undefined && entry.schedules === null) {
      await recordReviews(runtime, entry, {
        recallSet,
        reviews: planReviews(before, outcome.events),
      });
    }
    return outcome;
  }
  if (recallSet !== undefined) {
    await recordReviews(runtime, entry, {
      recallSet,
      reviews: planReviews(before, outcome.events),
    });
  }
  if (options.session === true) await saveSessionRow(runtime, entry.state);
  return outcome;
}
