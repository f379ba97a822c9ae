// (a) of ws.bench.ts: fan-out from the real engine.
import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { encodeFeedItem } from '../../packages/ws/src/connection/session-connection';
import { createRecallServer } from '../../packages/ws/src/server/index';
import { CELL_ENERGY } from '../../packages/ws/test/harness/engine-setup';
import { CLIENTS, MESSAGES, nextLine, sleep, spawnSelf } from './shared';
import { measureBareBroadcast } from './fan-out';

// ---- (a) fan-out from the real engine --------------------------------------------------------

/** What the learner says every turn: judged neither a recall nor a tangent, so turns go on. */
const NEUTRAL_ANSWER = 'I do not remember this one yet.';

async function engineWithSet() {
  const storage = createMemoryStorage();
  await storage.saveRecallSet(defineRecallSet(CELL_ENERGY, { now: Date.now() - 60_000 }));
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const { sessionId } = await engine.startSession('cell-energy', { userId: 'bench' });
  await engine.whenIdle(sessionId);
  return { storage, engine, sessionId, head: await storage.lastSeq(sessionId) };
}

/**
 * Runs learner turns until the session's subscribers have been sent at least `messages`
 * messages; returns the encoded messages (the same buffers the server writes to sockets).
 */
async function driveTurns(
  engine: Awaited<ReturnType<typeof engineWithSet>>['engine'],
  sessionId: string,
  afterSeq: number,
  messages: number,
): Promise<string[]> {
  const sent: string[] = [];
  const stop = engine.subscribe(sessionId, { afterSeq }, (item) => {
    const encoded = encodeFeedItem(item);
    if (encoded !== null) sent.push(encoded);
  });
  for (let turn = 0; sent.length < messages; turn += 1) {
    await engine.sendUserMessage(sessionId, NEUTRAL_ANSWER, { clientMessageId: `turn-${turn}` });
    await engine.whenIdle(sessionId);
    // A learner's next message arrives over the network, so the server's event loop turns
    // between turns. With the offline model and memory storage a turn is only microtasks:
    // without this yield no socket was written until the last turn, and then every client
    // was closed as a slow consumer (the 0 /s and 100 disconnects of earlier runs).
    await new Promise((resolve) => setImmediate(resolve));
  }
  stop();
  return sent;
}

export async function engineFanout() {
  // The engine alone, no sockets: what it can produce on this machine.
  const alone = await engineWithSet();
  const aloneStarted = performance.now();
  const aloneSent = await driveTurns(alone.engine, alone.sessionId, alone.head, MESSAGES);
  const engineAlonePerSecond = aloneSent.length / ((performance.now() - aloneStarted) / 1000);
  await alone.engine.close();

  const { storage, engine, sessionId, head } = await engineWithSet();
  // Default options (1 MiB send-buffer bound, heartbeats, command rate limits, console
  // logger) except admission: 100 sockets of one user on one session.
  const recall = createRecallServer({
    engine,
    storage,
    authenticate: () => ({ userId: 'bench' }),
    port: 0,
    maxSocketsPerUser: CLIENTS,
    connectionRateLimit: false,
  });
  await recall.ready;
  const url = `ws://127.0.0.1:${recall.address()?.port}/ws?sessionId=${sessionId}&afterSeq=${head}`;
  const clients = spawnSelf(['clients', url, '0']);
  if ((await nextLine(clients.lines)) !== 'connected') throw new Error('clients failed');
  await sleep(200);
  const started = performance.now();
  const sent = await driveTurns(engine, sessionId, head, MESSAGES);
  clients.stdin!.write(`target ${sent.length}\n`);
  const done = await nextLine(clients.lines);
  const seconds = (performance.now() - started) / 1000;
  const disconnected = Number(done.split(' ')[1]);
  if (!done.startsWith('done ') || !Number.isInteger(disconnected)) {
    throw new Error('clients failed');
  }
  clients.stdin!.write('stop\n');
  await recall.close();
  const recallResult = {
    deliveriesPerSecond: ((CLIENTS - disconnected) * sent.length) / seconds,
    disconnected,
  };

  // Bare ws: the very same payloads (count and bytes), broadcast in batches.
  const bareResult = await measureBareBroadcast(sent);
  const averageBytes = sent.reduce((total, payload) => total + payload.length, 0) / sent.length;
  return { recallResult, bareResult, engineAlonePerSecond, messages: sent.length, averageBytes };
}
