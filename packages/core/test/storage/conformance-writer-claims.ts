import type { EventLogStore, WriterClaimStore } from '@recall/core';
import { beforeEach, describe, expect, test } from 'vitest';
import { eventBuilder, uniqueId } from './fixtures';

/**
 * The {@link WriterClaimStore} contract: a response claimed by a live writer is live once its
 * `assistant_streaming_start` is stored, and stops being live when the claim is released.
 * `store` returns the store under test (claims mark responses stored in its event log).
 */
export function describeWriterClaimConformance(
  store: () => EventLogStore & WriterClaimStore,
): void {
  let storage: EventLogStore & WriterClaimStore;
  beforeEach(() => {
    storage = store();
  });

  describe('writer claims', () => {
    test('a claimed response is live from its stored start until its claim is released', async () => {
      const sessionId = uniqueId('sess');
      const responseId = uniqueId('resp');
      const release = await storage.claimResponse(responseId);
      const start = eventBuilder(sessionId).build(
        'assistant_streaming_start',
        { responseId, agent: 'tutor' },
        { responseId },
      );
      await storage.append(sessionId, [start], { expectedSeq: 0 });
      const where = { sessionId, seq: 1 };
      expect(await storage.isResponseLive(responseId, where)).toBe(true);
      expect(await storage.isResponseLive(responseId)).toBe(true);
      expect(await storage.isResponseLive(uniqueId('resp'))).toBe(false);
      await release();
      expect(await storage.isResponseLive(responseId, where)).toBe(false);
      // Releasing twice is harmless.
      await release();
      expect(await storage.isResponseLive(responseId)).toBe(false);
    });
  });
}
