import { type RecallPoint, type SessionEventOf, shownKeyTerms } from '@recall/core';

/** What {@link askedPointOf} needs besides the reply. */
export interface AskedPointContext {
  /** The set's points in probe order. */
  points: readonly RecallPoint[];
  /** Points recalled before the reply (log order). */
  recalledBefore: ReadonlySet<string>;
}

/**
 * The point a stored agent reply asked about, or null (rabbit-hole replies, replies that ask
 * nothing). One function, so the whole harness switches source in one place:
 *
 * 1. the stored `assistant_message.askedPointId`, when the engine wrote one (the engine's own
 *    record of the point its tutor reply asks about; logs written before it existed lack it);
 * 2. otherwise a heuristic: a tutor reply asks when it holds a "?" or a cloze blank ("___");
 *    it asks about the point — recalled or not — whose content and context share the most key
 *    terms with the reply up to its last "?" (what follows the question is not what it asks);
 *    a recalled point only with at least two shared terms and more than any pending point (a
 *    re-ask must be clear), ties going to the earlier point in probe order; a question sharing no key term with any point asks about the first pending point (the
 *    focus, as the engine probes in order).
 */
export function askedPointOf(
  event: SessionEventOf<'assistant_message'>,
  context: AskedPointContext,
): string | null {
  if (event.data.agent !== 'tutor') return null;
  if (event.data.askedPointId !== undefined) return event.data.askedPointId;
  return guessAskedPoint(event.data.content, context);
}

/** The heuristic of {@link askedPointOf} (step 2), for a tutor reply's text. */
export function guessAskedPoint(reply: string, context: AskedPointContext): string | null {
  if (!/\?|_{2,}/.test(reply)) return null;
  const question = reply.includes('?') ? reply.slice(0, reply.lastIndexOf('?') + 1) : reply;
  let pending: { id: string; score: number } | null = null;
  let recalled: { id: string; score: number } | null = null;
  for (const point of context.points) {
    const score = shownKeyTerms(`${point.content} ${point.context}`, [question]).length;
    if (score === 0) continue;
    if (context.recalledBefore.has(point.id)) {
      if (recalled === null || score > recalled.score) recalled = { id: point.id, score };
    } else if (pending === null || score > pending.score) {
      pending = { id: point.id, score };
    }
  }
  // A re-ask is a strong claim: a recalled point needs two shared key terms and more than
  // any pending point has; one common word ("detail", "part") is not a question about it.
  if (recalled !== null && recalled.score >= 2 && recalled.score > (pending?.score ?? 0)) {
    return recalled.id;
  }
  if (pending !== null) return pending.id;
  return context.points.find((point) => !context.recalledBefore.has(point.id))?.id ?? null;
}
