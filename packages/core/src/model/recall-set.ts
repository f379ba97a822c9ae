import * as z from 'zod';
import { pointScheduleSchema } from './schedule';

/** One thing the learner must recall. `context` helps the tutor and is never revealed. */
export const recallPointSchema = z.object({
  id: z.string().min(1),
  recallSetId: z.string().min(1),
  content: z.string().min(1),
  context: z.string(),
  /** Display/probe order within the set. */
  position: z.number().int().nonnegative(),
  schedule: pointScheduleSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
/** One thing the learner must recall, with its FSRS schedule. */
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
  /** The user that owns the set; absent for shared/demo sets. */
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

/** A recall set as listed, with due counts at a given time. */
export interface RecallSetSummary {
  id: string;
  name: string;
  description: string;
  status: 'active' | 'archived';
  totalPoints: number;
  dueCount: number;
  /** Epoch ms of the earliest due date among the set's points; null for an empty set. */
  nextDueAt: number | null;
}
