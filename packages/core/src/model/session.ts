import * as z from 'zod';

/** Where a stored session stands: `in_progress`, `paused`, `completed` or `abandoned`. */
export const sessionStatusSchema = z.enum(['in_progress', 'paused', 'completed', 'abandoned']);
/** Where a stored session stands (see {@link sessionStatusSchema}). */
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/**
 * A recall session's row: a projection of its event log kept for queries
 * (the log stays the source of truth).
 */
export const sessionSchema = z.object({
  id: z.string().min(1),
  recallSetId: z.string().min(1),
  /** The user that started the session; only they may attach to it. */
  userId: z.string().min(1).optional(),
  status: sessionStatusSchema,
  targetPointIds: z.array(z.string().min(1)),
  recalledPointIds: z.array(z.string().min(1)),
  startedAt: z.number(),
  pausedAt: z.number().optional(),
  resumedAt: z.number().optional(),
  endedAt: z.number().optional(),
});
/** A stored session row: a projection of its event log kept for queries. */
export type Session = z.infer<typeof sessionSchema>;
