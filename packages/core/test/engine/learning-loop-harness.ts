// Shared by learning-loop.test.ts and learning-loop-probe-wrap.test.ts.
import type { ScriptedRequest } from '@recall/core/testing';
import { parseTutorNotes } from '../../src/prompts/tutor-notes';
import type { createHarness } from './harness';

export function notesOf(request: ScriptedRequest) {
  return parseTutorNotes(request.messages.at(-1)!.content)!;
}

/** The focus point id marked in an evaluator request. */
export function judgedFocus(request: ScriptedRequest): string | undefined {
  return request.messages[0]!.content.match(/<point id="([^"]+)" focus="true">/)?.[1];
}

export async function ratingsOf(h: Awaited<ReturnType<typeof createHarness>>, pointId: string) {
  return (await h.storage.getReviewLogs({ pointId })).map((log) => log.rating);
}
