import type { StorageAdapter } from '@recall/core';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type PostgresServer, startPostgresServer } from '../../core/test/storage/postgres-server';
import { lacks } from '../../../test/system-dependencies';
import {
  createProbeWebSocket,
  createTestClient,
  eventOf,
  isStreaming,
  itemsOf,
  messagesOf,
  seqOf,
  waitForSnapshot,
} from './harness/client-helpers';
import type { PublishedEvent } from './harness/feed-engine';
import { waitForConvergence } from './harness/oracle';
import { type ServerProcess, startServerProcess } from './harness/server-process';
import { startFaultProxy } from './harness/tcp-proxy';

// The benchmark's load over two nodes (M5): faults-multi-node-load.test.ts.
const NODE_A = 'recall-node-a';
const NODE_B = 'recall-node-b';

let postgres: PostgresServer;
const withoutPostgres = lacks('postgres');
let connectionString: string;
let storage: StorageAdapter;
let nodeA: ServerProcess;
let nodeB: ServerProcess;

beforeAll(async () => {
  postgres = await startPostgresServer();
  connectionString = await postgres.createDatabase();
  // Named connections, so a test can find node B's LISTEN backend in pg_stat_activity.
  const node = (name: string) => ({
    storage: {
      driver: 'postgres' as const,
      connectionString: `${connectionString}?application_name=${name}`,
    },
    chunkDelayMs: 3,
  });
  nodeA = await startServerProcess({ ...node(NODE_A), saveRecallSet: true });
  nodeB = await startServerProcess({ ...node(NODE_B), saveRecallSet: false });
  storage = await createPostgresStorage({ connectionString });
}, 60_000);

afterAll(async () => {
  await Promise.all([nodeA?.kill(), nodeB?.kill()]);
  await storage?.close();
  await postgres?.stop();
});

// Runs first: the next test kills node B (M4).
describe.skipIf(withoutPostgres)('a burst across nodes (M1, M2, M3)', () => {
  /** Backends of one node that are LISTENing (their last statement was the LISTEN). */
  async function listenerPids(admin: pg.Client, applicationName: string): Promise<number[]> {
    const result = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where application_name = $1 and query like 'LISTEN%'",
      [applicationName],
    );
    return result.rows.map((row) => row.pid);
  }

  test("1,000 events appended through node A reach node B's client exactly once and in order, through a killed LISTEN connection; so does a 60 KB event", async () => {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    // A session of its own, started through node A's engine.
    const learner = createTestClient({
      url: `ws://127.0.0.1:${nodeA.port}/ws`,
      recallSetId: 'cell-energy',
      userToken: 'token-carol',
    });
    const probe = createProbeWebSocket();
    let observer: ReturnType<typeof createTestClient> | null = null;
    try {
      const started = await waitForSnapshot(
        learner,
        (snapshot) => !isStreaming(snapshot) && messagesOf(snapshot).length === 1,
        15_000,
      );
      const sessionId = started.session.sessionId;
      const attached = createTestClient({
        url: `ws://127.0.0.1:${nodeB.port}/ws`,
        sessionId,
        userToken: 'token-carol',
        WebSocket: probe.WebSocket,
      });
      observer = attached;
      // The opening reply is complete and stored (its assistant_message included).
      await vi.waitFor(async () => {
        const events = await storage.read(sessionId);
        expect(events.at(-1)?.type).toBe('assistant_message');
      });
      const head = await storage.lastSeq(sessionId);
      await waitForSnapshot(attached, (snapshot) => snapshot.session.lastSeq === head, 10_000);
      const attachedAt = probe.frames.length;
      // Node B starts listening with its first subscription.
      const listener = await vi.waitFor(
        async () => {
          const [pid] = await listenerPids(admin, NODE_B);
          expect(pid).toBeDefined();
          return pid;
        },
        { timeout: 10_000, interval: 20 },
      );

      // M1: 1,000 events, 5 per append (each append NOTIFYs once), from node A.
      const burstIds = Array.from({ length: 1_000 }, (_, index) => `burst-${index}`);
      const burst: PublishedEvent[] = burstIds.map((resourceId, index) => ({
        type: 'show_resource',
        data: { resourceId, title: `Burst ${index}`, snippet: `event ${index}` },
      }));
      const appended = nodeA.append({ sessionId, events: burst, batchSize: 5, pauseMs: 1 });

      // M2: mid-stream, node B loses its LISTEN connection.
      await waitForSnapshot(attached, (snapshot) => snapshot.session.lastSeq >= head + 100, 15_000);
      await admin.query('select pg_terminate_backend($1)', [listener]);
      const seenAtCut = attached.getSnapshot().session.lastSeq;
      const burstEnd = await appended;
      expect(seenAtCut).toBeLessThan(burstEnd);
      // B listens again on a new connection and catches up from the rows.
      await vi.waitFor(
        async () => {
          const pids = await listenerPids(admin, NODE_B);
          expect(pids).toHaveLength(1);
          expect(pids[0]).not.toBe(listener);
        },
        { timeout: 10_000, interval: 50 },
      );
      await waitForSnapshot(attached, (snapshot) => snapshot.session.lastSeq === burstEnd, 15_000);

      // M3: a ~60 KB event; NOTIFY carries only its seq, so it cannot hit the 8000-byte limit.
      const large = 'L'.repeat(60_000);
      const largeSeq = await nodeA.append({
        sessionId,
        events: [
          {
            type: 'assistant_streaming_end',
            data: { responseId: 'large-response', fullContent: large, totalChunks: 1 },
          },
        ],
      });
      const final = await waitForSnapshot(
        attached,
        (snapshot) => snapshot.session.lastSeq === largeSeq,
        15_000,
      );
      expect(messagesOf(final).at(-1)?.content).toBe(large);

      // Exactly once, in order: the seq-bearing frames after the attach are the log's.
      const liveSeqs = probe.frames.slice(attachedAt).flatMap((frame) => seqOf(frame) ?? []);
      const expectedSeqs = (await storage.read(sessionId, { afterSeq: head })).map(
        (event) => event.seq,
      );
      expect(expectedSeqs.length).toBeGreaterThanOrEqual(1_001);
      expect(liveSeqs).toEqual(expectedSeqs);
      const resourceIds = probe.frames
        .slice(attachedAt)
        .flatMap((frame) => eventOf(frame, 'show_resource')?.data.resourceId ?? []);
      expect(resourceIds).toEqual(burstIds);
      await waitForConvergence(attached, storage, { timeoutMs: 10_000 });
    } finally {
      observer?.close();
      learner.close();
      await admin.end();
    }
  }, 60_000);
});

describe.skipIf(withoutPostgres)('two server processes on one PostgreSQL (M1, C5, M4)', () => {
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
        (snapshot) => !isStreaming(snapshot) && messagesOf(snapshot).length === 1,
        15_000,
      );
      const sessionId = started.session.sessionId;
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
          (snapshot) => snapshot.status === 'active' && !isStreaming(snapshot),
          10_000,
        );
        const attachedAt = probe.frames.length;
        const attachedSeq = observer.getSnapshot().session.lastSeq;

        // M1: commands on A, events live on B.
        const sent = [learner.sendMessage('RECALL-p1 ATP synthase makes ATP')];
        await waitForSnapshot(
          observer,
          (snapshot) => snapshot.session.recalledPointIds.length === 1,
          10_000,
        );
        sent.push(learner.sendMessage('NEAR-p2 glucose is split'));
        await waitForSnapshot(
          observer,
          (snapshot) => itemsOf(snapshot, 'near_miss').length === 1,
          10_000,
        );
        const liveSeqs = probe.frames.slice(attachedAt).flatMap((frame) => seqOf(frame) ?? []);
        // Exactly the log's events after the attach point, in seq order.
        const expectedSeqs = (await storage.read(sessionId, { afterSeq: attachedSeq })).map(
          (event) => event.seq,
        );
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
                !isStreaming(snapshot) &&
                messagesOf(snapshot).at(-1)?.role === 'assistant' &&
                messagesOf(snapshot).at(-2)?.clientMessageId === id,
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
