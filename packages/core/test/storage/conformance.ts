import type { StorageAdapter, WriterClaimStore } from '@recall/core';
import { afterAll, beforeAll, describe } from 'vitest';
import { describeAppendWritesConformance } from './conformance-append-writes';
import { describeEventLogConformance } from './conformance-event-log';
import { describeLearningStateConformance } from './conformance-learning-state';
import { describeLiveFeedConformance } from './conformance-live-feed';
import { describeLogQueryConformance } from './conformance-log-queries';
import { describeRecallSetConformance } from './conformance-recall-sets';
import { describeSessionRowConformance } from './conformance-session-rows';
import { describeSpendConformance } from './conformance-spend';
import { describeWriterClaimConformance } from './conformance-writer-claims';

/** How the conformance suite reaches one StorageAdapter implementation. */
export interface StorageUnderTest {
  /** Opens the adapter under test; called once, closed after the suite. */
  open: () => Promise<StorageAdapter>;
  /** Opens an independent second adapter on the same database (another node), if possible. */
  openPeer?: () => Promise<StorageAdapter>;
  /** The adapter implements the optional {@link WriterClaimStore}. @default false */
  writerClaims?: boolean;
}

/**
 * The StorageAdapter contract, written once and run against every implementation: one block
 * per named part (each also runs alone against a part implemented apart), then what crosses
 * the parts. Tests use fresh ids, so they share one database and never depend on each
 * other's data.
 */
export function describeStorageConformance(name: string, target: StorageUnderTest): void {
  describe(`StorageAdapter conformance: ${name}`, () => {
    let storage: StorageAdapter;
    const opened: StorageAdapter[] = [];
    beforeAll(async () => {
      storage = await target.open();
      opened.push(storage);
    });
    afterAll(async () => {
      await Promise.all(opened.map((adapter) => adapter.close()));
    });

    const current = () => storage;
    const openPeer =
      target.openPeer === undefined
        ? undefined
        : async () => {
            const peer = await target.openPeer!();
            opened.push(peer);
            return peer;
          };
    const peers = openPeer === undefined ? {} : { openPeer };
    const ledgerOf = (adapter: StorageAdapter) => {
      if (adapter.spend === undefined) throw new Error('The adapter has no spend ledger.');
      return adapter.spend;
    };

    describeEventLogConformance(current);
    describeLiveFeedConformance(current, peers);
    describeRecallSetConformance(current);
    describeLearningStateConformance(current);
    describeSessionRowConformance(current);
    describeSpendConformance(
      () => ledgerOf(storage),
      openPeer === undefined ? {} : { openPeer: async () => ledgerOf(await openPeer()) },
    );
    if (target.writerClaims === true) {
      describeWriterClaimConformance(() => storage as StorageAdapter & WriterClaimStore);
    }
    describeAppendWritesConformance(current, peers);
    describeLogQueryConformance(current);
  });
}
