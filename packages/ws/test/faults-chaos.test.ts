import { afterEach, describe, expect, test } from 'vitest';
import { createRecallServer, type RecallServer } from '../src/server/create-recall-server';
import { createTestClient, messagesOf, waitForSnapshot } from './harness/client-helpers';
import { createEngineSetup } from './harness/engine-setup';
import { waitForConvergence } from './harness/oracle';
import { type FaultProxy, startFaultProxy } from './harness/tcp-proxy';
import { authenticateTestUser } from './harness/test-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A small seeded PRNG (mulberry32), so a failing run can be replayed from its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

type Fault = 'cut' | 'cut-mid-frame' | 'blackhole' | 'drop-s2c' | 'drop-c2s';
const FAULTS: readonly Fault[] = ['cut', 'cut-mid-frame', 'blackhole', 'drop-s2c', 'drop-c2s'];

async function inject(proxy: FaultProxy, fault: Fault, random: () => number): Promise<void> {
  switch (fault) {
    case 'cut':
      proxy.cutAll();
      return;
    case 'cut-mid-frame':
      proxy.cutAfter(1 + Math.floor(random() * 120), 's2c');
      return;
    case 'blackhole':
      proxy.blackhole();
      await sleep(300);
      proxy.heal();
      return;
    case 'drop-s2c':
    case 'drop-c2s':
      proxy.dropDirection(fault === 'drop-s2c' ? 's2c' : 'c2s');
      await sleep(random() * 60);
      proxy.heal();
      return;
  }
}

describe('chaos (T12)', () => {
  const seed = Number(process.env.RECALL_CHAOS_SEED ?? 20_260_522);

  test(`50 seeded random faults during a scripted 30-turn session converge (seed ${seed})`, async () => {
    const random = seededRandom(seed);
    const setup = await createEngineSetup({ chunkDelayMs: 4 });
    const server: RecallServer = createRecallServer({
      engine: setup.engine,
      storage: setup.storage,
      authenticate: authenticateTestUser,
      port: 0,
      heartbeatIntervalMs: 0,
      rateLimit: false,
      userRateLimit: false,
      logger: {},
    });
    cleanups.push(() => server.close());
    await server.ready;
    const proxy = await startFaultProxy(server.address()?.port ?? 0);
    cleanups.push(() => proxy.close());
    const learner = createTestClient({
      url: `ws://127.0.0.1:${proxy.port}/ws`,
      recallSetId: 'cell-energy',
      userToken: 'token-alice',
      random,
    });
    cleanups.push(() => learner.close());
    await waitForSnapshot(learner, (snapshot) => snapshot.status === 'active');

    // 50 faults spread over 30 turns.
    const faultsPerTurn = Array.from({ length: 30 }, () => 0);
    for (let fault = 0; fault < 50; fault += 1) {
      const turn = Math.floor(random() * 30);
      faultsPerTurn[turn] = (faultsPerTurn[turn] ?? 0) + 1;
    }
    const injected: Fault[] = [];
    const sent: string[] = [];
    for (let turn = 0; turn < 30; turn += 1) {
      const marker =
        turn === 9 ? ' RECALL-p1' : turn === 19 ? ' RECALL-p2' : turn === 24 ? ' NEAR-p3' : '';
      sent.push(learner.sendMessage(`turn ${turn}${marker}`));
      for (let count = 0; count < (faultsPerTurn[turn] ?? 0); count += 1) {
        await sleep(random() * 40);
        const fault = FAULTS[Math.floor(random() * FAULTS.length)] ?? 'cut';
        injected.push(fault);
        await inject(proxy, fault, random);
      }
      await waitForSnapshot(
        learner,
        (snapshot) => snapshot.outbox === 0 && snapshot.connection === 'open',
        10_000,
      );
    }
    expect(injected).toHaveLength(50);

    const sessionId = learner.getSnapshot().session.sessionId;
    await setup.engine.whenIdle(sessionId);
    const converged = await waitForConvergence(learner, setup.storage, {
      sentClientMessageIds: sent,
      timeoutMs: 10_000,
    });
    const stored = (await setup.storage.read(sessionId)).flatMap((event) =>
      event.type === 'user_message' ? [event.data.clientMessageId] : [],
    );
    expect(stored, `seed ${seed}`).toEqual(sent);
    expect(converged.session.recalledPointIds).toEqual(['p1', 'p2']);
    expect(messagesOf(converged).filter((message) => message.role === 'assistant')).toHaveLength(
      31,
    );
    expect(
      messagesOf(converged).every(
        (message) => message.status === 'sent' || message.status === 'complete',
      ),
    ).toBe(true);
  }, 60_000);
});
