import type { StorageAdapter } from '@recall/core';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PostgresServer, startPostgresServer } from '../../core/test/storage/postgres-server';
import { toHistoryMessage } from '../src/protocol/to-server-message';
import { createProbeWebSocket, createTestClient, waitForSnapshot } from './harness/client-helpers';
import { waitForConvergence } from './harness/oracle';
import { type ServerProcess, startServerProcess } from './harness/server-process';
import { startFaultProxy } from './harness/tcp-proxy';

let postgres: PostgresServer;
let storage: StorageAdapter;
let nodeA: ServerProcess;
let nodeB: ServerProcess;

beforeAll(async () => {
  postgres = await startPostgresServer();
  const connectionString = await postgres.createDatabase();
  const spec = { storage: { driver: 'postgres' as const, connectionString }, chunkDelayMs: 3 };
  nodeA = await startServerProcess({ ...spec, saveRecallSet: true });
  nodeB = await startServerProcess({ ...spec, saveRecallSet: false });
  storage = await createPostgresStorage({ connectionString });
}, 60_000);

afterAll(async () => {
  await Promise.all([nodeA?.kill(), nodeB?.kill()]);
  await storage?.close();
  await postgres?.stop();
});

describe('two server processes on one PostgreSQL (M1, C5, M4)', () => {
  test('commands on node A reach a client on node B live and in order; both nodes serve one session; B dies and the client fails over', async () => {
    const learner = createTestClient({
      url: `ws://127.0.0.1:${nodeA.port}/ws`,
      recallSetId: 'cell-energy',
      userToken: 'token-alice',
    });
    const proxy = await startFaultProxy(nodeB.port);
    try {
      const started = await waitForSnapshot(
        learner,
        (snapshot) => snapshot.state.stream === null && snapshot.state.messages.length === 1,
        15_000,
      );
      const sessionId = started.state.sessionId ?? '';
      const probe = createProbeWebSocket();
      const observer = createTestClient({
        url: `ws://127.0.0.1:${proxy.port}/ws`,
        sessionId,
        userToken: 'token-alice',
        WebSocket: probe.WebSocket,
      });
      try {
        await waitForSnapshot(
          observer,
          (snapshot) => snapshot.state.lastSeq === started.state.lastSeq,
          10_000,
        );
        const attachedAt = probe.frames.length;

        // M1: commands on A, events live on B.
        const sent = [learner.sendMessage('RECALL-p1 ATP synthase makes ATP')];
        await waitForSnapshot(observer, (snapshot) => snapshot.state.recalledCount === 1, 10_000);
        sent.push(learner.sendMessage('NEAR-p2 sugar is split'));
        await waitForSnapshot(
          observer,
          (snapshot) => snapshot.state.nearMisses.length === 1,
          10_000,
        );
        const liveSeqs = probe.frames
          .slice(attachedAt)
          .flatMap((frame) => (typeof frame.seq === 'number' ? [frame.seq] : []));
        // Exactly the log's client-visible events after the attach point, in seq order.
        const expectedSeqs = (await storage.read(sessionId, { afterSeq: started.state.lastSeq }))
          .filter((event) => toHistoryMessage(event) !== null)
          .map((event) => event.seq);
        expect(liveSeqs.length).toBeGreaterThan(4);
        expect(liveSeqs).toEqual(expectedSeqs.slice(0, liveSeqs.length));

        // C5: both nodes take commands for the same session, each catching up on the other's
        // events first. Truly simultaneous turns are covered by the engine's
        // cross-node tests (packages/core/test/engine/multi-process.test.ts).
        for (let index = 0; index < 3; index += 1) {
          for (const [sender, label] of [
            [learner, 'A'],
            [observer, 'B'],
          ] as const) {
            const id = sender.sendMessage(`from ${label} ${index}`);
            sent.push(id);
            await waitForSnapshot(
              sender,
              (snapshot) =>
                snapshot.outbox === 0 &&
                snapshot.state.stream === null &&
                snapshot.state.messages.at(-1)?.role === 'assistant' &&
                snapshot.state.messages.at(-2)?.clientMessageId === id,
              10_000,
            );
          }
        }
        await waitForConvergence(learner, storage, {
          sentClientMessageIds: sent,
          timeoutMs: 15_000,
        });
        await waitForConvergence(observer, storage, {
          sentClientMessageIds: sent,
          timeoutMs: 15_000,
        });
        const events = await storage.read(sessionId);
        const userMessages = events.filter((event) => event.type === 'user_message');
        expect(userMessages).toHaveLength(sent.length);
        // Each turn's response is complete: every streaming start has exactly one end.
        const starts = events
          .filter((event) => event.type === 'assistant_streaming_start')
          .map((event) => event.responseId);
        const ends = events
          .filter((event) => event.type === 'assistant_streaming_end')
          .map((event) => event.responseId);
        expect(new Set(ends)).toEqual(new Set(starts));
        expect(ends).toHaveLength(new Set(ends).size);

        // M4: node B dies; the client resumes on A with the same session and cursor.
        await nodeB.kill();
        proxy.retarget(nodeA.port);
        const lastId = learner.sendMessage('after the failover');
        await waitForConvergence(observer, storage, {
          sentClientMessageIds: [...sent, lastId],
          timeoutMs: 15_000,
        });
        expect(probe.closeCodes.length).toBeGreaterThan(0);
      } finally {
        observer.close();
      }
    } finally {
      learner.close();
      await proxy.close();
    }
  }, 60_000);
});
