import type { SpendLedger } from '@recall/core';
import { beforeEach, describe, expect, test } from 'vitest';
import type { PeerOptions } from './conformance-live-feed';
import { uniqueId } from './fixtures';

/**
 * The {@link SpendLedger} contract (`StorageAdapter.spend`): `spend` returns the ledger under
 * test, `openPeer` one on the same database (another node).
 */
export function describeSpendConformance(
  spend: () => SpendLedger,
  options: PeerOptions<SpendLedger> = {},
): void {
  let current: SpendLedger;
  beforeEach(() => {
    current = spend();
  });
  const ledger = () => current;

  describe('spend ledger', () => {
    test('adds each learner’s cost to their own total and to the global one', async () => {
      // A day key of its own, so other tests' spending never shows in the global total.
      const day = uniqueId('day');
      const alice = uniqueId('alice');
      const bob = uniqueId('bob');
      expect(await ledger().getSpend({ day, userId: alice })).toEqual({
        learnerUsd: 0,
        globalUsd: 0,
      });
      await ledger().addSpend({ day, userId: alice, costUsd: 0.25 });
      await ledger().addSpend({ day, userId: alice, costUsd: 0.5 });
      await ledger().addSpend({ day, userId: bob, costUsd: 1 });
      await ledger().addSpend({ day, costUsd: 0.125 });
      expect(await ledger().getSpend({ day, userId: alice })).toEqual({
        learnerUsd: 0.75,
        globalUsd: 1.875,
      });
      expect(await ledger().getSpend({ day, userId: bob })).toEqual({
        learnerUsd: 1,
        globalUsd: 1.875,
      });
      // The anonymous learner has a total of its own.
      expect(await ledger().getSpend({ day })).toEqual({ learnerUsd: 0.125, globalUsd: 1.875 });
    });

    test('days are kept apart', async () => {
      const yesterday = uniqueId('day');
      const today = uniqueId('day');
      const userId = uniqueId('learner');
      await ledger().addSpend({ day: yesterday, userId, costUsd: 2 });
      await ledger().addSpend({ day: today, userId, costUsd: 0.5 });
      expect(await ledger().getSpend({ day: today, userId })).toEqual({
        learnerUsd: 0.5,
        globalUsd: 0.5,
      });
      expect(await ledger().getSpend({ day: yesterday, userId })).toEqual({
        learnerUsd: 2,
        globalUsd: 2,
      });
    });

    test('concurrent additions are all counted', async () => {
      const day = uniqueId('day');
      const userId = uniqueId('learner');
      await Promise.all(
        Array.from({ length: 20 }, () => ledger().addSpend({ day, userId, costUsd: 0.5 })),
      );
      expect(await ledger().getSpend({ day, userId })).toEqual({ learnerUsd: 10, globalUsd: 10 });
    });

    test('refuses a negative or non-finite cost and an empty user id', async () => {
      const day = uniqueId('day');
      await expect(ledger().addSpend({ day, costUsd: -1 })).rejects.toThrow(TypeError);
      await expect(ledger().addSpend({ day, costUsd: Number.NaN })).rejects.toThrow(TypeError);
      await expect(ledger().addSpend({ day, userId: '', costUsd: 1 })).rejects.toThrow(TypeError);
      expect(await ledger().getSpend({ day })).toEqual({ learnerUsd: 0, globalUsd: 0 });
    });

    if (options.openPeer) {
      const openPeer = options.openPeer;
      test('another node on the same database sees and adds to the same totals', async () => {
        const peer = await openPeer();
        const day = uniqueId('day');
        const userId = uniqueId('learner');
        await ledger().addSpend({ day, userId, costUsd: 1.5 });
        await peer.addSpend({ day, userId, costUsd: 0.5 });
        expect(await peer.getSpend({ day, userId })).toEqual({
          learnerUsd: 2,
          globalUsd: 2,
        });
        expect(await ledger().getSpend({ day, userId })).toEqual({
          learnerUsd: 2,
          globalUsd: 2,
        });
      });
    }
  });
}
