import * as z from 'zod';

/** Token usage of one model call, as reported by the provider. */
export const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative(),
  cacheWriteTokens: z.number().int().nonnegative(),
});
/** Token usage of one model call: input, output, cache-read and cache-write tokens. */
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

/** Which agent produced an assistant response. */
export const agentSchema = z.enum(['tutor', 'rabbithole']);
/** Which agent produced an assistant response: `'tutor'` or `'rabbithole'`. */
export type Agent = z.infer<typeof agentSchema>;

const id = z.string().min(1);
const count = z.number().int().nonnegative();

/** The summary stored with `session_completed`; every number is computed from the event log. */
export const sessionSummarySchema = z.object({
  sessionId: id,
  recalledCount: count,
  totalPoints: count,
  durationMs: count,
  rabbitholeCount: count,
  recalledPointIds: z.array(id),
  usage: tokenUsageSchema.optional(),
  estimatedCostUsd: z.number().nonnegative().optional(),
});
/** The summary of a completed session, carried by `session_completed`. */
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** The longest `show_resource.snippet` the catalog accepts (`config.snippetLength` ≤ this). */
export const SHOW_RESOURCE_SNIPPET_MAX_LENGTH = 240;

/**
 * The event catalog: every engine event type mapped to the schema of its `data`.
 * It is the single source of truth — the union type, `SESSION_EVENT_TYPES` and the
 * parser are all derived from it.
 */
export const sessionEventDataSchemas = {
  session_started: z.object({
    sessionId: id,
    recallSetId: id,
    recallSetName: z.string(),
    totalPoints: count,
    recalledCount: count,
    resumed: z.boolean(),
    /**
     * The checklist's points in probe order, so the log alone rebuilds the session (no row
     * needed). Optional: logs written before it was added stay valid.
     */
    targetPointIds: z.array(id).optional(),
    /** The user that started the session, when it has one. */
    userId: id.optional(),
  }),
  session_paused: z.object({ sessionId: id, recalledCount: count, totalPoints: count }),
  session_complete_overlay: z.object({
    message: z.string(),
    recalledCount: count,
    totalPoints: count,
    durationMs: count,
  }),
  session_completed: z.object({ sessionId: id, summary: sessionSummarySchema }),
  recall_point_recalled: z.object({
    pointId: id,
    pointIndex: count,
    recalledCount: count,
    totalPoints: count,
    /**
     * The point's exposure when it was recalled: the share (0–1) of its key terms the session
     * had shown since its last start or resume. Caps the FSRS rating. Optional: logs written
     * before it was added stay valid (rated as if nothing was shown).
     */
    exposure: z.number().min(0).max(1).optional(),
    /** The largest share (0–1) of the point's key terms one tutor reply showed (a cloze). */
    peakExposure: z.number().min(0).max(1).optional(),
  }),
  recall_point_near_miss: z.object({ pointId: id, feedback: z.string() }),
  rabbithole_detected: z.object({
    rabbitholeEventId: id,
    topic: z.string().min(1),
    label: z.string().min(1),
    triggerMessageContent: z.string(),
  }),
  rabbithole_entered: z.object({ rabbitholeEventId: id, topic: z.string(), label: z.string() }),
  rabbithole_exited: z.object({
    rabbitholeEventId: id,
    label: z.string(),
    pointsRecalledDuring: count,
    completionPending: z.boolean(),
  }),
  rabbithole_declined: z.object({ rabbitholeEventId: id, topic: z.string() }),
  show_image: z.object({
    resourceId: id,
    url: z.string().min(1),
    caption: z.string().optional(),
    mimeType: z.string().optional(),
  }),
  show_resource: z.object({
    resourceId: id,
    title: z.string(),
    snippet: z.string().max(SHOW_RESOURCE_SNIPPET_MAX_LENGTH),
  }),
  user_message: z.object({
    content: z.string().min(1),
    clientMessageId: z.string().min(1).optional(),
    tokenCount: count.optional(),
  }),
  assistant_message: z.object({
    content: z.string(),
    agent: agentSchema,
    tokenCount: count.optional(),
    usage: tokenUsageSchema.optional(),
    /** Usage of the judge calls (evaluator, detector) of the turn this response answers. */
    judgeUsage: tokenUsageSchema.optional(),
    /**
     * The points the learner message this response answers tried to state, right or wrong, as
     * the evaluator judged them (absent when no verdict came). Failed attempts — and so FSRS
     * ratings — count only these; answering another point or going off-topic is no attempt.
     */
    attemptedPointIds: z.array(id).optional(),
    /**
     * The point this tutor reply's question asks about, as the engine read it from the reply
     * (absent for rabbit-hole replies and replies that ask nothing). The learner's answer to it
     * is never "volunteered".
     */
    askedPointId: id.optional(),
    /**
     * The recalled point this tutor reply's question asks about again, as the engine read it
     * from the reply with the same rule over the points its request listed as recalled (absent
     * when the question asks about no recalled point). A tutor should never re-ask a recalled
     * point; `recall-eval` counts these.
     */
    reaskedPointId: id.optional(),
    /** True when the stream broke before the model finished; the learner may retry. */
    interrupted: z.boolean().optional(),
  }),
  assistant_streaming_start: z.object({ responseId: id, agent: agentSchema }),
  assistant_streaming_end: z.object({
    responseId: id,
    fullContent: z.string(),
    totalChunks: count,
  }),
} as const;

/** One of the 16 engine event type names, e.g. `'recall_point_recalled'`. */
export type SessionEventType = keyof typeof sessionEventDataSchemas;

/** Every engine event type, in catalog order: the keys of {@link sessionEventDataSchemas}. */
export const SESSION_EVENT_TYPES = /* @__PURE__ */ Object.freeze(
  Object.keys(sessionEventDataSchemas),
) as readonly SessionEventType[];

/** The `data` payload of the event of type `T`. */
export type SessionEventData<T extends SessionEventType = SessionEventType> = z.infer<
  (typeof sessionEventDataSchemas)[T]
>;
