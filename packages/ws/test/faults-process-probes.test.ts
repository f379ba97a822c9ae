import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionEvent } from '@recall/core';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { afterEach, describe, expect, test } from 'vitest';
import type { RecallServerChildSpec } from './harness/children/recall-server';
import {
  createTestClient,
  isStreaming,
  messagesOf,
  waitForQuiet,
  waitForSnapshot,
} from './harness/client-helpers';
import { comparable, replayStoredLog } from './harness/oracle';
import { type ServerProcess, startServerProcess } from './harness/server-process';
import { startFaultProxy } from './harness/tcp-proxy';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const storedIds = (events: readonly SessionEvent[]) =>
  events.flatMap((event) =>
    event.type === 'user_message' && event.data.clientMessageId !== undefined
      ? [event.data.clientMessageId]
      : [],
  );

/** Reads the session's log while no server runs (PGlite admits one process at a time). */
async function readLog(dataDir: string, sessionId: string): Promise<SessionEvent[]> {
  const storage = await createPGliteStorage({ dataDir });
  try {
    return await storage.read(sessionId);
  } finally {
    await storage.close();
  }
}

describe('SIGKILL at the probe points of one command (C6, T8)', () => {
  // One server lineage on one PGlite directory (a fresh directory costs seconds to create):
  // kill (a) inside the append, then (b) between the append and the ack.
  test('before the append: no ack, nothing stored, resent and processed once; after the append, before the ack: durable, re-acked as a duplicate, processed once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'recall-ws-probe-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const base: RecallServerChildSpec = {
      storage: { driver: 'pglite', dataDir },
      saveRecallSet: false,
      chunkDelayMs: 5,
    };
    let server: ServerProcess = await startServerProcess({
      ...base,
      saveRecallSet: true,
      // The kill window of (a): only appends holding a learner message are held.
      appendDelayMs: 400,
      delayedEventTypes: ['user_message'],
    });
    cleanups.push(() => server.kill());
    const proxy = await startFaultProxy(server.port);
    cleanups.push(() => proxy.close());
    const learner = createTestClient({
      url: `ws://127.0.0.1:${proxy.port}/ws`,
      recallSetId: 'cell-energy',
      userToken: 'token-alice',
    });
    cleanups.push(() => learner.close());
    const started = await waitForSnapshot(
      learner,
      (snapshot) => !isStreaming(snapshot) && messagesOf(snapshot).length === 1,
      20_000,
    );
    const sessionId = started.session.sessionId;
    async function restart(spec: Partial<RecallServerChildSpec>): Promise<void> {
      server = await startServerProcess({ ...base, ...spec });
      proxy.retarget(server.port);
    }

    // (a) Received, its append started but not committed: SIGKILL.
    const first = learner.sendMessage('RECALL-p1 ATP synthase makes ATP');
    await server.waitForReport(
      (report) => report.phase === 'command-received' && report.clientMessageId === first,
    );
    await server.waitForReport(
      (report) =>
        report.phase === 'append-start' && report.clientMessageIds?.includes(first) === true,
    );
    await server.kill();
    // C6: the ack waits for the commit, so nothing was acked and nothing was stored…
    expect(server.acks).not.toContain(first);
    expect(
      server.reports.some(
        (report) => report.phase === 'append-done' && report.clientMessageIds?.includes(first),
      ),
    ).toBe(false);
    expect(storedIds(await readLog(dataDir, sessionId))).toEqual([]);
    // …while the client still holds the command (N3).
    expect(learner.getSnapshot().outbox).toBe(1);

    // The restarted server gets the resend and processes it once, with its whole turn.
    await restart({ ackDelayMs: 400 });
    await server.waitForReport(
      (report) => report.ack === first && report.status === 'accepted',
      20_000,
    );
    await waitForQuiet(learner, 300, 20_000);
    expect(learner.getSnapshot().session.recalledPointIds).toEqual(['p1']);

    // (b) Durably appended, ack not yet sent: SIGKILL.
    const second = learner.sendMessage('RECALL-p2 glycolysis splits glucose into two pyruvate');
    const appended = await server.waitForReport(
      (report) => report.phase === 'appended' && report.clientMessageId === second,
    );
    expect(appended.status).toBe('accepted');
    await server.kill();
    expect(server.acks).not.toContain(second);
    // N1 before any ack could go out: the command is in the log.
    expect(storedIds(await readLog(dataDir, sessionId))).toEqual([first, second]);

    // The resend is acknowledged again, as a duplicate, and not processed a second time.
    await restart({});
    const duplicate = await server.waitForReport((report) => report.ack === second, 20_000);
    expect(duplicate.status).toBe('duplicate');
    await waitForSnapshot(learner, (snapshot) => snapshot.outbox === 0, 10_000);
    // The session stays usable; the next command closes a turn the crash cut off.
    const third = learner.sendMessage('RECALL-p3 the Krebs cycle releases carbon dioxide');
    await waitForQuiet(learner, 300, 20_000);
    const final = learner.getSnapshot();
    await server.stop();

    const events = await readLog(dataDir, sessionId);
    // N2: every command exactly once, in the order sent.
    expect(storedIds(events)).toEqual([first, second, third]);
    // A turn interrupted by the crash is absent or closed as interrupted, never left open.
    const responseIds = (type: SessionEvent['type']) =>
      events
        .filter((event) => event.type === type)
        .map((event) => event.responseId)
        .sort();
    expect(responseIds('assistant_streaming_end')).toEqual(
      responseIds('assistant_streaming_start'),
    );
    expect(final.session.recalledPointIds).toEqual(expect.arrayContaining(['p1', 'p3']));
    // N4: the client's state is the replay of the log.
    const storage = await createPGliteStorage({ dataDir });
    cleanups.push(() => storage.close());
    expect(comparable(final)).toEqual(comparable(await replayStoredLog(storage, sessionId)));
  }, 60_000);
});
