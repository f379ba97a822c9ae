import type { LearnerOptions } from '../../model/learner';
import type { RecallSet, RecallSetSummary } from '../../model/recall-set';

/** Options for {@link RecallSetStore.listRecallSets}. */
export interface ListRecallSetsOptions extends LearnerOptions {
  /** Epoch ms the due counts are computed at. */
  now: number;
}

/**
 * The part of a {@link StorageAdapter} that holds recall sets and their points: content,
 * shared by every learner who studies the set. Its due counts read the learner's schedules,
 * so an implementation usually shares its tables with the {@link LearningStateStore}.
 */
export interface RecallSetStore {
  /**
   * Inserts or replaces a recall set with its points and resources. Never touches learning
   * state of the points it keeps: points match by id, so an edited set keeps every learner's
   * schedules; a new point is new to every learner. A point left out of the set is deleted
   * together with its learners' schedules; review logs are history and stay.
   */
  saveRecallSet(recallSet: RecallSet): Promise<void>;
  /**
   * The set with its points and resources, or null. The result may be a deep-frozen object
   * shared by every caller (Recall's adapters cache sets until one is saved, on any node):
   * treat it as read-only and copy it to edit.
   */
  getRecallSet(recallSetId: string): Promise<RecallSet | null>;
  /**
   * The sets the learner may study — shared sets and their own (`ownerId === userId`), never
   * another user's — by name, with the learner's due counts at `now`. The anonymous learner
   * owns no set, so it sees the shared ones.
   *
   * @example
   * const sets = await storage.listRecallSets({ now: Date.now(), userId: request.user.id });
   */
  listRecallSets(options: ListRecallSetsOptions): Promise<RecallSetSummary[]>;
}
