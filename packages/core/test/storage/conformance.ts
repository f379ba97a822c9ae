import type { StorageAdapter } from '@recall/core';
import { afterAll, beforeAll, describe } from 'vitest';
import { describeAppendWritesConformance } from './conformance-append-writes';
import { describeEventLogConformance } from './conformance-event-log';
import { describeLearnerConformance } from './conformance-learners';
import { describeLiveFeedConformance } from './conformance-live-feed';
import { describeLogQueryConformance } from './conformance-log-queries';
import { describeModelConformance } from './conformance-model';
import { describeSpendConformance } from './conformance-spend';

/** How the conformance suite reaches one StorageAdapter implementation. */
export interface StorageUnderTest {
  /** Opens the adapter under test; called once, closed after the suite. */
  open: () => Promise<StorageAdapter>;
  /** Opens an independent second adapter on the same database (another node), if possible. */
  openPeer?: () => Promise<StorageAdapter>;
}

/**
 * The StorageAdapter contract, written once and run against every implementation. Tests use
 * fresh ids, so they share one database and never depend on each other's data.
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
    describeEventLogConformance(current);
    describeLiveFeedConformance(current, {
      ...(target.openPeer === undefined ? {} : { openPeer: target.openPeer }),
      track: (peer) => opened.push(peer),
    });
    describeModelConformance(current);
    describeLearnerConformance(current);
    describeLogQueryConformance(current);
    describeSpendConformance(current, {
      ...(target.openPeer === undefined ? {} : { openPeer: target.openPeer }),
      track: (peer) => opened.push(peer),
    });
    describeAppendWritesConformance(current, {
      ...(target.openPeer === undefined ? {} : { openPeer: target.openPeer }),
      track: (peer) => opened.push(peer),
    });
  });
}
