import * as z from 'zod';

/**
 * One thing the learner must recall. `context` helps the tutor and is never revealed. A point
 * is content shared by every learner of its set; each learner's FSRS schedule for it is
 * learning state kept apart, per (learner, point) (`StorageAdapter.getSchedules`).
 */
export const recallPointSchema = z.object({
  id: z.string().min(1),
  recallSetId: z.string().min(1),
  content: z.string().min(1),
  context: z.string(),
  /** Display/probe order within the set. */
  position: z.number().int().nonnegative(),
  /** Epoch ms. A learner who never reviewed the point has it due from this time on. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
/** One thing the learner must recall (content only; schedules are per learner). */
export type RecallPoint = z.infer<typeof recallPointSchema>;

/** Links a resource to a point, with an optional note on why it is relevant. */
export const resourceLinkSchema = z.object({
  pointId: z.string().min(1),
  relevance: z.string().optional(),
});
/** A resource's link to one point, with an optional relevance note. */
export type ResourceLink = z.infer<typeof resourceLinkSchema>;

const resourceBase = {
  id: z.string().min(1),
  recallSetId: z.string().min(1),
  title: z.string().min(1),
  mimeType: z.string().optional(),
  license: z.string().optional(),
  source: z.string().optional(),
  links: z.array(resourceLinkSchema),
};

/** A text passage or an image that supports the set. */
export const resourceSchema = z.discriminatedUnion('kind', [
  z.object({ ...resourceBase, kind: z.literal('text'), content: z.string() }),
  z.object({
    ...resourceBase,
    kind: z.literal('image'),
    url: z.string().min(1),
    caption: z.string().optional(),
  }),
]);
/** A text passage (`kind: 'text'`) or an image (`kind: 'image'`) that supports a set. */
export type Resource = z.infer<typeof resourceSchema>;

/** A learner-owned set of recall points. */
export const recallSetSchema = z.object({
  id: z.string().min(1),
  /**
   * The user that owns the set: only they see it listed and may study it. Absent for a shared
   * set, which every user studies with a schedule of their own.
   */
  ownerId: z.string().min(1).optional(),
  name: z.string().min(1),
  description: z.string(),
  status: z.enum(['active', 'archived']),
  supplementaryGuidelines: z.string().optional(),
  points: z.array(recallPointSchema),
  resources: z.array(resourceSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
/** A recall set with its points and resources, as stored. */
export type RecallSet = z.infer<typeof recallSetSchema>;

/** A recall set as listed for one learner, with that learner's due counts at a given time. */
export interface RecallSetSummary {
  id: string;
  name: string;
  description: string;
  status: 'active' | 'archived';
  totalPoints: number;
  /** How many of the set's points are due for this learner (never reviewed counts as due). */
  dueCount: number;
  /** Epoch ms of the learner's earliest due date among the set's points; null for an empty set. */
  nextDueAt: number | null;
}
