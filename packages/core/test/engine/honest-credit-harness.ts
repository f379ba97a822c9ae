// Shared by honest-credit.test.ts and honest-credit-ratings.test.ts (issue 22, engine side).
import { scriptEvaluation } from '@recall/core/testing';
import { createHarness, ofType } from './harness';

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** p1's content is "ATP synthase makes ATP from ADP and phosphate" (5 key terms). */
export const LEAK = 'ATP synthase makes ATP from ADP and phosphate. Where does it sit?';

export async function recalledIds(h: Harness, sessionId: string): Promise<string[]> {
  return ofType(await h.events(sessionId), 'recall_point_recalled').map((e) => e.data.pointId);
}

export async function ratingsOf(h: Harness, pointId: string) {
  return (await h.storage.getReviewLogs({ pointId })).map((log) => log.rating);
}

/**
 * A session whose tutor says `replies` in turn (the first is the opening), the learner answering
 * "hmm" to each but the last, then `answer`, which the judge credits for p1.
 */
export async function afterReplies(replies: readonly string[], answer: string) {
  const h = await createHarness({
    script: {
      tutor: replies,
      evaluator: [
        ...replies.slice(1).map(() => scriptEvaluation({})),
        scriptEvaluation({ recalled: ['p1'] }),
      ],
    },
  });
  const { sessionId } = await h.start();
  for (const _ of replies.slice(1)) await h.say(sessionId, 'hmm');
  await h.say(sessionId, answer);
  return { h, sessionId };
}
